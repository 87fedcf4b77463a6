"""The exit statuses of the doxtool process, which the CLI and the launcher share."""

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2

#: the statuses, as the help pages list them (the README's table, shorter)
EXIT_CODES = """\b
Exit codes:
  0    clean: no findings (or --exit-zero, or all in the baseline);
       any other command succeeded
  1    check found something (after --fix: something without a safe
       fix; with --exit-non-zero-on-fix, also a file --fix wrote)
  2    usage or configuration error, outside a project, a file not
       written, or an internal error (--debug shows the traceback)
  130  interrupted (Ctrl-C)
  141  the output pipe closed early (doxtool inspect tools | head -1)
  143  terminated (SIGTERM)
"""

#: the status of a run whose reader closed the output pipe early
#: (``doxtool inspect tools | head -1``): what a shell reports for a program
#: that SIGPIPE ended, 128 + 13
EXIT_PIPE = 141

#: the status of a run stopped by Ctrl-C (SIGINT): what a shell reports for
#: a program that SIGINT ended, 128 + 2
EXIT_INTERRUPT = 130


class Terminated(KeyboardInterrupt):
    """SIGTERM (a cancelled CI job, ``kill``), as the console script raises it:
    the run unwinds as from Ctrl-C (its pool workers stopped, its lock
    released, nothing recorded) and ends with the shell's status for it."""

    status = 128 + 15


def stopped(exc: KeyboardInterrupt) -> tuple[int, str]:
    """The exit status and the one line that end a run ``exc`` stopped."""
    if isinstance(exc, Terminated):
        return exc.status, "doxtool: terminated"
    return EXIT_INTERRUPT, "doxtool: interrupted"


class UsageError(Exception):
    """A problem with what the user asked for (exit code 2)."""
