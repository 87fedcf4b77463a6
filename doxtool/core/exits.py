"""The exit statuses of the doxtool process, which the CLI and the launcher share."""

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2

#: the status of a run whose reader closed the output pipe early
#: (``doxtool inspect tools | head -1``): what a shell reports for a program
#: that SIGPIPE ended, 128 + 13
EXIT_PIPE = 141
