"""Tests for dominolab._keyvalue, the reader shared by the key:value text formats."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominolab._keyvalue import Block, read_fields, read_sections
from dominolab.errors import ParseError


def test_fields_keep_order_case_and_line_numbers():
    text = "# header\n\nGrade:  hard \nTo Move: P2\ntatham: 1dh:001101\n"
    s = read_fields(text, what="file")
    assert list(s) == ["grade", "to move", "tatham"]
    assert dict(s) == {"grade": "hard", "to move": "P2", "tatham": "1dh:001101"}
    f = s.field("to move")
    assert f is not None and (f.name, f.value, f.line) == ("To Move", "P2", 4)
    assert text[f.offset:f.offset + 2] == "P2"
    assert s.field("missing") is None and s.get("missing") is None and "grade" in s
    with pytest.raises(KeyError):
        s["missing"]


def test_blocks_take_free_lines_until_the_next_block_key():
    text = "n: 1\ngrid:\n0 0 1\n# a comment\n\n1 0 1\nkey: like\nSolution:\n><v\n"
    s = read_fields(text, what="file", blocks=("grid", "solution"))
    assert dict(s) == {"n": "1"}
    grid = s.block("grid")
    assert grid == Block("grid", 2, ((3, "0 0 1"), (6, "1 0 1"), (7, "key: like")))
    assert grid.text == "0 0 1\n1 0 1\nkey: like"
    assert s.block("solution") == Block("solution", 8, ((9, "><v"),))
    assert read_fields("n: 1", what="f", blocks=("grid",)).blocks == ()


@pytest.mark.parametrize("text, words, line", [
    ("a: 1\nnot a field\n", ["file line 2", "expected 'key: value'", "'not a field'"], 2),
    (": 1\n", ["file line 1", "expected 'key: value'"], 1),
    ("a: 1\nb: 2\nA: 3\n", ["file line 3", "'A' given twice (first on line 1)"], 3),
    ("grid:\n0 0\ngrid:\n1 1\n", ["line 3", "'grid' given twice"], 3),
    ("grid: 0 0\n", ["line 1", "'grid:' starts a block", "'0 0'"], 1),
])
def test_errors_name_the_line(text, words, line):
    with pytest.raises(ParseError) as e:
        read_fields(text, what="file", blocks=("grid",))
    for w in words:
        assert w in str(e.value)
    # the position points at the start of the offending line
    assert e.value.text == text
    assert e.value.position == sum(len(x) for x in text.splitlines(keepends=True)[:line - 1])


def test_sections():
    text = ("# a file\n[first one]  # a comment\nx: 1 # another\ny:\n\n"
            "[first one]\nx: 2\n[]\n")
    secs = read_sections(text, what="f", inline_comments=True)
    assert [(s.name, s.line, dict(s)) for s in secs] == [
        ("first one", 2, {"x": "1", "y": ""}), ("first one", 6, {"x": "2"}), ("", 8, {})]
    assert read_sections("# nothing\n\n", what="f") == []
    # a key may appear once per section, in every section
    assert len(read_sections("[a]\nx: 1\n[b]\nx: 1\n", what="f")) == 2
    with pytest.raises(ParseError, match="line 3: 'x' given twice"):
        read_sections("[a]\nx: 1\nx: 2\n", what="f")
    with pytest.raises(ParseError, match="before the first \\[name\\] header"):
        read_sections("x: 1\n[a]\n", what="f")
    with pytest.raises(ParseError, match="line 2: a section header is written \\[name\\]"):
        read_sections("[a]\n[b\n", what="f")


def test_comments_inline_only_when_asked():
    assert read_fields("id: 6#123 # seed", what="f")["id"] == "6#123 # seed"
    assert read_fields("id: 6#123 # seed", what="f", inline_comments=True)["id"] == "6"
    assert read_fields("  # indented comment\nx: 1", what="f")["x"] == "1"


def test_not_text():
    with pytest.raises(ParseError, match="a record is text, got bytes"):
        read_fields(b"a: 1", what="record")  # type: ignore[arg-type]


def test_line_endings():
    for nl in ("\n", "\r\n", "\r"):
        s = read_fields(nl.join(["a: 1", "b: 2", "grid:", "0 0"]), what="f", blocks=("grid",))
        assert dict(s) == {"a": "1", "b": "2"} and s.block("grid") == Block("grid", 3, ((4, "0 0"),))


@given(st.dictionaries(st.from_regex(r"[a-z][a-z ]{0,8}[a-z]", fullmatch=True),
                       st.from_regex(r"[^\s#\x1c-\x1f\x85][^\n\r#\x0b\x0c\x1c-\x1f\x85\u2028\u2029]{0,20}",
                                     fullmatch=True).map(str.strip)))
def test_fields_round_trip(fields):
    text = "".join(f"{k}: {v}\n" for k, v in fields.items())
    s = read_fields(text, what="f")
    assert dict(s) == fields
    assert [f.line for f in s.fields] == list(range(1, len(fields) + 1))
    for f in s.fields:
        assert text[f.offset:f.offset + len(f.value)] == f.value
