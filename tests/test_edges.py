"""The edges an incremental check keeps: looked up in their text for a few
modules, decoded for many, with the same answers either way."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from doxtool.run import records
from doxtool.run.edges import Edges

# names that search in the text could confuse: prefixes of one another,
# line breaks and backslashes (written escaped), a NUL-free colon
NAMES = ["a.py", "a.pyx", "x/a.py", "a\n.py", "b\\.py", "c:d.py", "tools/t.py", "helpers/h.py"]


def _answers(edges: Edges, names: list[str]) -> dict[str, object]:
    return {
        name: (
            name in edges,
            edges.targets(name),
            edges.sources(name),
            edges.reach([name]),
            edges.reach_back([name]),
        )
        for name in names
    }


def _reference(graph: dict[str, list[str]], name: str) -> tuple[object, ...]:
    def reach(step: object) -> set[str]:
        seen, stack = {name}, [name]
        while stack:
            for nxt in step(stack.pop()):  # type: ignore[operator]
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return seen

    def sources(target: str) -> set[str]:
        return {m for m, ts in graph.items() if target in ts}

    return (
        name in graph,
        graph.get(name, []),
        sources(name),
        reach(lambda m: graph.get(m, [])),
        reach(sources),
    )


graphs = st.dictionaries(
    st.sampled_from(NAMES), st.lists(st.sampled_from(NAMES), unique=True, max_size=4)
)


@settings(max_examples=150, deadline=None)
@given(graphs)
def test_searched_and_decoded_answers_equal_the_graph(graph: dict[str, list[str]]) -> None:
    expected = {name: _reference(graph, name) for name in NAMES}
    searched = Edges.of(graph)
    assert _answers(searched, NAMES) == expected
    decoded = Edges(searched.text)
    # the next question decodes it
    decoded._lookups = decoded.records._lookups = records.FIND_LOOKUPS
    assert _answers(decoded, NAMES) == expected
    assert dict(Edges(searched.text).items()) == graph


@settings(max_examples=150, deadline=None)
@given(graphs, graphs)
def test_replacing_edges_equals_a_new_graph(
    graph: dict[str, list[str]], updates: dict[str, list[str]]
) -> None:
    replaced = Edges.of(graph).replaced(updates)
    merged = {**graph, **updates}
    assert dict(Edges(replaced.text).items()) == merged
    assert _answers(replaced, NAMES) == {name: _reference(merged, name) for name in NAMES}


def test_a_crafted_text_answers_without_failing() -> None:
    for text in ["\0a.py", "a.py\0b.py", "\n\n\0\0", "\nq\0a.py\0", "\0a.py\n\0a.py"]:
        edges = Edges(text)
        for name in ["a.py", "q", ""]:
            edges.targets(name)
            edges.sources(name)
            assert name in edges or name not in edges
        dict(edges.items())
