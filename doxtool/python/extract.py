"""Extract :class:`~doxtool.core.facts.ModuleFacts` from a module's source with libcst.

One ``ast`` parse (two when another process did the first half), one libcst
parse, one walk, no metadata providers. CPython's
``ast`` (an order of magnitude faster than libcst, and a fraction of its memory)
gives the outline and the helper summaries, places every statement and tells
which module-level functions no call reaches and which classes cannot be
tools; libcst parses the module with those bodies left out
(:mod:`doxtool.python.prune`), and ``ast`` lets go of them before libcst's
tree is built, so the two trees of the whole module are never held at once.
What libcst is handed is bounded
(:data:`~doxtool.python.cstparse.MAX_PARSED_CHARS`): past that, the module is
not analysed and a problem says so. The walk reads node fields
directly (a generic ``CSTVisitor`` costs as much as the parse itself) and asks
:class:`~doxtool.python.positions.Locator` for the positions of the few nodes that
become facts. The analysed code is never imported or executed; literal values
are read as :func:`ast.literal_eval` reads them
(:mod:`doxtool.core.literaleval`), which evaluates nothing but literals.

The steps come in two halves. The first (:mod:`doxtool.python.prepare`) reads
only ``ast``'s tree: the outline, the helper summaries
(:mod:`doxtool.python.summaries`) and the pruned text. This module runs it,
then the second: libcst's parse, the module scan (:mod:`doxtool.python.modulescan`)
and a candidate analysis of each class that may be a tool
(:mod:`doxtool.python.toolscan`). Another process may have done the first half
(:func:`finish_module`): the facts are the same.

Which classes are tools is decided later (:mod:`doxtool.python.resolve`), because a
class may derive from the tool base through modules elsewhere in the
repository; here every class that has an ``execute`` method (its own or one
inherited from a class of the same module) gets a candidate analysis, and so
does, in a tools directory, a class that may inherit ``execute`` from another
module of the repository (a partial analysis of its own methods).

Hostile input is expected: a cheap scan keeps modules nested deeply enough to
stall or crash libcst's parser away from it
(:func:`~doxtool.python.nesting.nesting_problem`), and every failure becomes a
:class:`~doxtool.core.facts.Problem` with a position.
"""

from __future__ import annotations

import ast
import threading
import warnings
from collections.abc import Callable, Iterable

import libcst as cst

from doxtool.core.collector import paused_gc
from doxtool.core.facts import ModuleFacts, Problem
from doxtool.python.astparse import parse_ast
from doxtool.python.cstparse import MAX_PARSED_CHARS, parse_module
from doxtool.python.formfeeds import feeds_reset
from doxtool.python.heldreads import held_reads
from doxtool.python.modulescan import ModuleScan
from doxtool.python.names import module_name
from doxtool.python.nesting import nesting_problem
from doxtool.python.positions import Locator
from doxtool.python.prepared import FirstHalf, Prepared
from doxtool.python.shadowed import drop_shadowed_imports
from doxtool.python.toolscan import scan_candidates
from doxtool.python.unbound import drop_unbound_imports

#: stack size of the thread that parses a module deeper than
#: :data:`~doxtool.python.nesting.MAX_DEPTH`
DEEP_STACK = 512 * 1024 * 1024


def extract_module(
    source: str,
    path: str,
    local_roots: Iterable[str] = (),
    module: str | None = None,
    *,
    pruning: bool = True,
) -> ModuleFacts:
    """Facts of one module. Never raises: problems are reported in the facts.

    ``local_roots`` names the repository's top-level packages, so that helper
    calls can be told apart from library calls. ``pruning=False`` has libcst
    parse every function body (the facts are the same; it is slower).
    Warnings raised meanwhile are not shown: what CPython says of the
    module's own code (an invalid escape in a literal ``ast.literal_eval``
    reads) is no finding, and a run prints the same whichever process
    extracted the module.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _extract_module(source, path, local_roots, module, pruning)


def _extract_module(
    source: str, path: str, local_roots: Iterable[str], module: str | None, pruning: bool
) -> ModuleFacts:
    module = module if module is not None else module_name(path)
    facts = ModuleFacts(path=path, module=module)
    problem = nesting_problem(source)
    if isinstance(problem, Problem):
        facts.problems.append(problem)
        return facts
    if problem:  # deeper than the parser's stack is safe for: a thread with a large one
        return _on_large_stack(
            lambda: _extract(source, path, local_roots, module, facts, pruning), facts
        )
    return _extract(source, path, local_roots, module, facts, pruning)


def _on_large_stack(run: Callable[[], ModuleFacts], facts: ModuleFacts) -> ModuleFacts:
    """``run()`` on a thread whose stack holds the native parser's deepest recursion."""
    result: list[ModuleFacts] = []

    def target() -> None:
        try:
            result.append(run())
        except Exception as exc:  # never a traceback: the facts say what happened
            name = type(exc).__name__
            facts.problems.append(Problem(f"module not analysed: {name}", 1, 1, "limit"))

    with _STACK_LOCK:
        previous = threading.stack_size()
        try:
            threading.stack_size(DEEP_STACK)
            thread = threading.Thread(target=target, name="doxtool-deep-parse")
        finally:
            threading.stack_size(previous)
    thread.start()
    thread.join()
    return result[0] if result else facts


_STACK_LOCK = threading.Lock()


def _extract(
    source: str,
    path: str,
    local_roots: Iterable[str],
    module: str,
    facts: ModuleFacts,
    pruning: bool,
) -> ModuleFacts:
    # here, not above: a side parser that only finishes modules never imports it
    from doxtool.python.prepare import first_half

    # a parse allocates tens of thousands of acyclic nodes: collecting while it
    # and the walk run finds next to nothing (what is cyclic is collected later)
    with paused_gc():
        # ``ast`` places statements (doxtool.python.positions) and tells which function
        # bodies nothing reads, so that libcst need not build them (doxtool.python.prune)
        half = first_half(source, path, module, local_roots, pruning)
        return _second_half(source, local_roots, facts, half.prepared, half)


def finish_module(
    source: str,
    path: str,
    local_roots: Iterable[str],
    prepared: Prepared,
    module: str | None = None,
) -> ModuleFacts:
    """The facts of a module whose first half another process did
    (:func:`doxtool.python.prepare.prepare`): those :func:`extract_module` gives."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        module = module if module is not None else module_name(path)
        facts = ModuleFacts(path=path, module=module)
        with paused_gc():
            return _second_half(source, local_roots, facts, prepared, None)


def _second_half(
    source: str,
    local_roots: Iterable[str],
    facts: ModuleFacts,
    prepared: Prepared,
    known: FirstHalf | None,
) -> ModuleFacts:
    """The facts, from the first half: libcst's parse and the walk of the tool
    classes. ``known`` holds the first half's ``ast`` tree when it ran in this
    process; otherwise ``ast`` parses what libcst parsed, once that is known."""
    facts.outline = prepared.outline
    facts.objects = prepared.objects
    facts.held = prepared.held
    facts.loaders = prepared.loaders
    facts.path_loads = prepared.path_loads
    pruned = prepared.text is not None
    if prepared.parsed > MAX_PARSED_CHARS:
        return _too_large(
            source, not prepared.analysed, prepared.parsed, pruned, facts.path, facts.module
        )
    # what libcst is about to parse, before its tree exists (the two never
    # take memory at once; a stubbed body is never analysed, and compiling
    # the whole of a 1 MiB module would take some 100 MB), and only where
    # ``ast`` parsed the module: its own syntax errors are libcst's
    text = prepared.text if prepared.text is not None else source
    refused = (
        _compile_problem(text) if prepared.analysed and len(text) <= MAX_PARSED_CHARS else None
    )
    if refused is not None:
        facts.problems.append(refused)
        return facts
    try:
        tree = _parse_pruned(prepared.text) if prepared.text is not None else None
        whole = tree is None  # libcst parses the module itself
        if tree is None:
            if len(source) > MAX_PARSED_CHARS:
                return _too_large(source, False, len(source), False, facts.path, facts.module)
            tree = parse_module(feeds_reset(source))
    except cst.ParserSyntaxError as exc:
        facts.problems.append(_syntax_problem(source, exc))
        return facts
    except RecursionError:
        facts.problems.append(Problem("module nested too deeply to parse", 1, 1, "limit"))
        return facts
    except Exception as exc:  # the native parser reports some errors untyped
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        facts.problems.append(Problem(f"cannot parse module: {message}"[:300], 1, 1))
        return facts
    # the ``ast`` tree that places the statements of libcst's
    syntax: ast.Module | None = None
    stubbed: frozenset[ast.AST] = frozenset()
    if known is not None and (known.of_module or not whole):
        syntax, stubbed = known.syntax, known.stubbed
    elif prepared.analysed:
        syntax = parse_ast(source if whole or prepared.text is None else prepared.text)
    try:
        tree = held_reads(tree)  # ``self.x = self.args.get("x")`` used as a name
        locator = Locator(source, tree, syntax, stubbed)
        scan = ModuleScan(tree, facts, frozenset(local_roots), locator)
        scan.run()
        drop_shadowed_imports(scan)  # ``def clean`` after ``from x import clean``
        drop_unbound_imports(scan)  # ``del ZuluTool`` after ``from z import ZuluTool``
        scan_candidates(scan)
    except RecursionError:
        facts.problems.append(Problem("module nested too deeply to analyse", 1, 1, "limit"))
        return facts
    if prepared.analysed:
        facts.summaries = prepared.summaries
        if prepared.summary_problem is not None:
            facts.problems.append(prepared.summary_problem)
    return facts


def _too_large(
    source: str, unparsed: bool, parsed: int, pruned: bool, path: str, module: str
) -> ModuleFacts:
    """The facts of a module whose tree would take too much memory: why it is not analysed.

    A module ``ast`` rejects gets CPython's syntax error, which costs no tree.
    """
    facts = ModuleFacts(path=path, module=module)
    if unparsed:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ast.parse(source)
        except SyntaxError as error:
            if error.lineno is not None and error.msg:
                column = max(error.offset or 1, 1)
                facts.problems.append(
                    Problem(f"syntax error: {error.msg}", error.lineno, column, "syntax")
                )
                return facts
        except Exception:  # RecursionError, MemoryError, ValueError
            pass
    what = (
        f"{parsed} characters of it would be parsed (all but the bodies of the"
        " functions nothing calls and of the methods of classes that cannot be tools)"
        if pruned
        else f"its {parsed} characters would be parsed"
    )
    facts.problems.append(
        Problem(
            f"module not analysed: {what}, over the {MAX_PARSED_CHARS}-character"
            " limit of one syntax tree",
            1,
            1,
            "limit",
        )
    )
    return facts


def _compile_problem(source: str) -> Problem | None:
    """The syntax error CPython's compiler raises for a module that parses:
    what the parser lets through and no import does (``from __future__``
    after other statements, ``return`` or ``await`` outside a function it may
    stand in, ``nonlocal`` at module level, a parameter named twice). Only
    where the running Python's parser takes the module: libcst reads syntax
    newer than it (``type Mode = str``), which its compiler refuses."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(source, "<module>", "exec", dont_inherit=True)
    except SyntaxError as error:
        if error.lineno is not None and error.msg:
            return Problem(
                f"syntax error: {error.msg}", error.lineno, max(error.offset or 1, 1), "syntax"
            )
    except Exception:  # RecursionError, MemoryError, ValueError (NUL bytes): not ours to say
        pass
    return None


def _parse_pruned(text: str) -> cst.Module | None:
    """libcst's tree of the pruned source; None when only the real source can tell why not."""
    try:
        return parse_module(feeds_reset(text))
    except Exception:  # reported from the real source, where lines are the user's
        return None


def _syntax_problem(source: str, exc: cst.ParserSyntaxError) -> Problem:
    """The syntax error, placed and worded as CPython does when it agrees.

    libcst points at the token where it gave up (the line after a missing
    colon, the end of the file for an unclosed bracket); CPython names the
    cause and its place. Its report is used unless it lies after libcst's,
    which happens when the module uses syntax newer than the running Python.
    """
    valid = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(source)
    except SyntaxError as error:
        # libcst's tokenizer errors carry no position (1:0): CPython's is better
        uninformative = exc.raw_line <= 1 and exc.raw_column == 0
        if (
            error.lineno is not None
            and error.msg
            and (error.lineno <= exc.raw_line or uninformative)
        ):
            column = max(error.offset or 1, 1)
            return Problem(f"syntax error: {error.msg}", error.lineno, column, "syntax")
    except Exception:  # RecursionError, MemoryError, ValueError (NUL bytes)
        pass
    else:
        valid = True
    message = str(exc.message).strip().splitlines()[0] if exc.message else "invalid syntax"
    if "\x00" in source:
        before = source[: source.index("\x00")]
        line = before.count("\n") + 1
        return Problem("syntax error: NUL byte", line, len(before) - before.rfind("\n"), "syntax")
    if valid:
        # CPython accepts what libcst does not (a limit of its parser, or syntax
        # newer than the libcst installed): not an error of the module
        message = f"cannot parse module: {message}"
        return Problem(message[:300], exc.raw_line, exc.raw_column + 1, "syntax")
    return Problem(f"syntax error: {message}"[:300], exc.raw_line, exc.raw_column + 1, "syntax")
