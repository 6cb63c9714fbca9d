"""Just enough of Rust's syntax to cut a source file into items.

The suites build test code from published crates inside a generated harness.
To do that they must find each `#[test]` (also those a local `macro_rules!`
stamps out), leave some tests out, and tell which test a compiler error lies
in. No parser is needed for that: once comments, string literals and
character literals are blanked out, matching brackets finds every item's
end, and the item's first words say what it is.
"""

import re
from dataclasses import dataclass, field

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
OPEN, CLOSE = "([{", ")]}"


def mask(text):
    """`text` with comments and literal contents blanked; same length, same lines."""
    out = list(text)
    n = len(text)

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def string_end(j):  # j is just past the opening quote
        while j < n and text[j] != '"':
            j += 2 if text[j] == "\\" else 1
        return j + 1

    i = 0
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c == '"':
            j = string_end(i + 1)
            blank(i, j)
            i = j
        elif c == "'":
            if text.startswith("\\", i + 1):
                j = text.find("'", i + 3)
                j = n if j < 0 else j + 1
                blank(i, j)
                i = j
            elif i + 2 < n and text[i + 2] == "'":
                blank(i, i + 3)
                i += 3
            else:  # a lifetime or a label
                i += 1
        elif c.isalpha() or c == "_":
            word = IDENT.match(text, i).group()
            j = i + len(word)
            if word in ("r", "br", "cr") and j < n and text[j] in '#"':
                hashes = len(text[j:]) - len(text[j:].lstrip("#"))
                if text.startswith('"', j + hashes):
                    close = text.find('"' + "#" * hashes, j + hashes + 1)
                    end = n if close < 0 else close + 1 + hashes
                    blank(i, end)
                    i = end
                    continue
            if word in ("b", "c") and j < n and text[j] == '"':
                end = string_end(j + 1)
                blank(i, end)
                i = end
                continue
            i = j
        else:
            i += 1
    return "".join(out)


@dataclass
class Item:
    """One item of a module: `start` takes in the comments before it."""

    start: int
    head: int
    end: int
    attrs: list
    kind: str  # fn, mod, macro_rules, macro_call, inner_attr, other
    name: str = None
    body: tuple = None  # (start, end) inside the braces of an inline `mod`
    children: list = field(default_factory=list)

    def has_attr(self, compact):
        """Whether one of its attributes reads `compact` once spaces are removed."""
        return any(re.sub(r"\s+", "", a) == compact for a in self.attrs)


SEMICOLON_KINDS = re.compile(r"(use|static|const|type|extern\s+crate)\b")
FN = re.compile(r"((const|async|unsafe|extern(\s+\S+)?)\s+)*fn\s+(\w+)")
VISIBILITY = re.compile(r"pub(\s*\([^)]*\))?\s+")


def _skip_space(masked, i, end):
    while i < end and masked[i].isspace():
        i += 1
    return i


def _matching(masked, i):
    """Index of the bracket closing the one at `i`."""
    depth = 0
    for j in range(i, len(masked)):
        if masked[j] in OPEN:
            depth += 1
        elif masked[j] in CLOSE:
            depth -= 1
            if depth == 0:
                return j
    raise ValueError(f"unbalanced bracket at offset {i}")


def _item_end(masked, i, end, semicolon_only):
    depth = 0
    for j in range(i, end):
        ch = masked[j]
        if ch == ";" and depth == 0:
            return j + 1
        if ch in OPEN:
            depth += 1
        elif ch in CLOSE:
            depth -= 1
            if depth == 0 and ch == "}" and not semicolon_only:
                return j + 1
            if depth < 0:
                break
    raise ValueError(f"item at offset {i} does not end")


def _classify(masked, i):
    rest = masked[i : i + 300]
    rest = rest[VISIBILITY.match(rest).end() :] if VISIBILITY.match(rest) else rest
    if m := re.match(r"macro_rules\s*!\s*(\w+)", rest):
        return "macro_rules", m.group(1)
    if m := FN.match(rest):
        return "fn", m.group(4)
    if m := re.match(r"mod\s+(\w+)", rest):
        return "mod", m.group(1)
    if SEMICOLON_KINDS.match(rest):
        return "semicolon", None
    if m := re.match(r"(\w+)\s*!", rest):
        return "macro_call", m.group(1)
    return "other", None


def split_items(text, masked, start=0, end=None):
    """The items between `start` and `end`, inline modules split recursively."""
    end = len(text) if end is None else end
    items, pos = [], start
    while True:
        head = _skip_space(masked, pos, end)
        if head >= end:
            return items
        if masked.startswith("#!", head):
            close = _matching(masked, masked.index("[", head))
            items.append(Item(pos, head, close + 1, [], "inner_attr"))
            pos = close + 1
            continue
        attrs, i = [], head
        while masked.startswith("#", i):
            close = _matching(masked, masked.index("[", i))
            attrs.append(text[i : close + 1])
            i = _skip_space(masked, close + 1, end)
        kind, name = _classify(masked, i)
        item_end = _item_end(masked, i, end, kind == "semicolon")
        item = Item(pos, head, item_end, attrs, kind, name)
        if kind == "mod" and masked[item_end - 1] == "}":
            open_brace = masked.index("{", i)
            item.body = (open_brace + 1, item_end - 1)
            item.children = split_items(text, masked, *item.body)
        items.append(item)
        pos = item_end


def test_macros(masked, items):
    """Names of the `macro_rules!` among `items` whose expansion holds a `#[test]`."""
    return {
        item.name
        for item in items
        if item.kind == "macro_rules" and "#[test]" in re.sub(r"\s+", "", masked[item.head : item.end])
    }


def test_name(text, item, macros):
    """The test's function name when `item` defines a test, else None.

    A call of a test-stamping macro is named after its last identifier
    argument, which is how such macros take the name of the test they make.
    """
    if item.kind == "fn" and item.has_attr("#[test]"):
        return item.name
    if item.kind == "macro_call" and item.name in macros:
        args = text[item.head : item.end]
        args = args[args.index("!") + 1 :]
        words = IDENT.findall(args)
        return words[-1] if words else item.name
    return None
