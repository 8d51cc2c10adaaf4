"""What a text shows: the one brace matcher, LaTeX as it is drawn, whether anything shows at all, and text as a
reader sees it.

- `matching_brace` scans once, linearly, and treats a backslash as escaping the next character (``\\{`` and ``\\}``
  are literal braces in LaTeX); no regex, so a brace bomb costs one pass.
- `shown_latex` drops what LaTeX draws as nothing (``\\phantom{4}``, ``\\kern2pt``, ``\\quad``, size and font
  switches ``\\large``, ``\\bf``) and keeps what wrappers show (``\\textcolor{red}{5}`` is ``5``;
  ``\\textdollar`` is ``\\$``): what math_exact compares.
- `has_content` says whether a text shows a letter, a digit, a math symbol or a glyph command: what the format
  rewards and reasoning_gym ask of an answer before it counts.
- `reader_view` folds invisible, compatibility and look-alike characters, so ``<th\\u200bink>`` reads as a tag.
- `shown_text` drops comments, which render as nothing: HTML comments (``<!-- \\boxed{5} -->``, one left open hides
  the rest) and LaTeX comments inside math (``$x = 6 % \\boxed{5}$`` shows ``x = 6``): what every reader reads.

Every function here is linear in its input (one pass over the commands, one brace scan per argument).
"""

from __future__ import annotations

import re
import unicodedata


def matching_brace(text: str, open_at: int) -> int:
    """The index just past the ``}`` matching the ``{`` at ``open_at``, or -1 when it never closes.

    A backslash escapes the next character, so ``\\{`` and ``\\}`` neither open nor close a group.

    >>> matching_brace("a{b{c}\\\\}d}e", 1), matching_brace("{x", 0)
    (10, -1)
    """
    depth, i = 1, open_at + 1
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if not depth:
                return i + 1
        i += 1
    return -1


# Characters that render as nothing (Unicode format characters: zero-width spaces and joiners, bidi marks, soft
# hyphen, word joiner, BOM, tag characters) plus the combining grapheme joiner and variation selectors.
_INVISIBLE_CHARS = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164"
    "\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")
# Brackets drawn like < and > (NFKC already folds the full-width and small forms).
_LOOKALIKE_BRACKETS = str.maketrans("\u2039\u203a\u2329\u232a\u3008\u3009\u27e8\u27e9\u276e\u276f\u02c2\u02c3"
                                    "\u1438\u1433\u227a\u227b", "<><><><><><><><>")
# Cyrillic and Greek letters drawn like the Latin letters of "think" and "answer".
_LOOKALIKE_LETTERS = str.maketrans({
    "\u0430": "a", "\u0410": "a", "\u03b1": "a", "\u0391": "a", "\u0435": "e", "\u0415": "e", "\u0395": "e",
    "\u0456": "i", "\u0406": "i", "\u0131": "i", "\u03b9": "i", "\u0399": "i", "\u043a": "k", "\u041a": "k",
    "\u03ba": "k", "\u039a": "k", "\u0455": "s", "\u0405": "s", "\u0442": "t", "\u0422": "t", "\u03c4": "t",
    "\u03a4": "t", "\u04bb": "h", "\u041d": "h", "\u0397": "h", "\u0578": "n", "\u051d": "w", "\u0461": "w",
    "\u0433": "r"})


def reader_view(text: str) -> str:
    """``text`` as a reader sees it: invisible characters gone, compatibility and look-alike characters folded."""
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", _INVISIBLE_CHARS.sub("", text))
    return text.translate(_LOOKALIKE_BRACKETS).translate(_LOOKALIKE_LETTERS)


# Commands whose arguments are sizes, colours or hidden content, dropped with them: {groups, takes a bare size}.
_ARGUMENTS_NOT_SHOWN = {"phantom": 1, "hphantom": 1, "vphantom": 1, "hspace": 1, "vspace": 1, "color": 1,
                        "textcolor": 1, "colorbox": 1, "rule": 2, "raisebox": 1, "hskip": 0, "vskip": 0, "kern": 0,
                        "mkern": 0, "mskip": 0, "mspace": 1, "hglue": 0, "vglue": 0, "moveleft": 0, "moveright": 0}
_COMMAND = re.compile(r"\\([A-Za-z]+)\*?")
_SIZE = re.compile(r"\s*(?:[-+]\s*)?(?:\d+\.?\d*|\.\d+)(?:\s*[a-z]{2,4})?")  # no two adjacent \s* runs
_OPTIONAL_ARG = re.compile(r"\s*\[[^\[\]{}]*\]")
# The only command names that are content: glyphs that can be a whole answer (the rest draw nothing by themselves,
# wrap content that is judged on its own, or are operators).
_GLYPHS = frozenset(
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi omicron pi varpi "
    "rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi "
    "Psi Omega infty emptyset varnothing hbar ell aleph beth gimel nabla partial imath jmath wp Re Im mho top bot "
    "checkmark".split())


def has_content(text: str) -> bool:
    """Whether ``text`` shows something: a letter or digit in any script, a non-ASCII math symbol, or a glyph command
    (``\\\\pi``, ``\\\\infty``, ``\\\\emptyset``). Other command names are not content, and neither are whitespace,
    punctuation, zero-width characters or what sizes, colours and ``\\\\phantom`` take: ``\\\\phantom{5}``,
    ``\\\\rule{0pt}{0pt}``, ``\\\\kern1em``, ``\\\\text{}`` and ``\\\\underline{\\\\quad}`` are blank.

    >>> has_content("\\\\phantom{5}\\\\,"), has_content("\\\\infty"), has_content("\\\\frac{1}{2}")
    (False, True, True)
    """
    shown = _COMMAND.sub(_glyph_or_blank, _drop_unshown_arguments(_INVISIBLE_CHARS.sub("", text)))
    if re.search(r"[^\W_]", shown):
        return True
    return any(ord(c) > 127 and unicodedata.category(c) == "Sm" for c in set(shown))


def _glyph_or_blank(command: re.Match[str]) -> str:
    return "x" if command[1] in _GLYPHS else " "


def _drop_unshown_arguments(text: str) -> str:
    """``text`` without the commands of `_ARGUMENTS_NOT_SHOWN` and their arguments (nested braces included)."""
    kept, pos = [], 0
    for m in _COMMAND.finditer(text):
        if m.start() < pos or m[1] not in _ARGUMENTS_NOT_SHOWN:
            continue
        kept.append(text[pos:m.start()])
        pos = _skip_arguments(text, m.end(), _ARGUMENTS_NOT_SHOWN[m[1]])
    kept.append(text[pos:])
    return "".join(kept)


def _skip_arguments(text: str, pos: int, groups: int) -> int:
    """The index past ``groups`` brace groups (and optional ``[...]`` ones) at ``pos``, or past a bare size."""
    if groups == 0:  # a bare size; "\\kern" without one ("\\kern x") takes nothing
        size = _SIZE.match(text, pos)
        return size.end() if size is not None else pos
    for _ in range(groups):
        while (opt := _OPTIONAL_ARG.match(text, pos)) is not None:
            pos = opt.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text) or text[pos] != "{":
            return pos
        end = matching_brace(text, pos)  # one linear scan to the matching brace: no regex backtracking
        pos = end if end > 0 else len(text)
    return pos


# LaTeX that shows nothing of its own. Arguments dropped with the command: {name: brace groups}; sizes after a
# command: "\kern2pt"; spacing words; commands that show their argument unchanged ("\smash{x}" is x, drawn with no
# height; "\textcolor{red}{x}" is x) and switches that change only the look ("\displaystyle", "\limits").
_HIDDEN = {"phantom": 1, "hphantom": 1, "vphantom": 1, "color": 1, "hspace": 1, "vspace": 1, "mspace": 1,
           "rule": 2, "raisebox": 1, "pagecolor": 1}
_SIZED = frozenset("kern mkern hskip vskip mskip hglue vglue moveleft moveright lower raise".split())
_SPACING = frozenset("quad qquad enspace enskip thinspace medspace thickspace negthinspace negmedspace negthickspace "
                     "space nobreakspace hfill hfil vfill strut mathstrut".split())
_UNWRAP = {"smash": 0, "textcolor": 1, "colorbox": 1, "fcolorbox": 2, "mathrlap": 0, "mathllap": 0, "rlap": 0,
           "llap": 0, "mathclap": 0, "clap": 0, "bm": 0, "boldsymbol": 0, "pmb": 0}  # {name: colour groups first}
_LOOK = frozenset("displaystyle textstyle scriptstyle scriptscriptstyle limits nolimits tiny scriptsize footnotesize "
                  "small normalsize large Large LARGE huge Huge bf it rm sf tt sl sc em bfseries mdseries itshape "
                  "upshape slshape scshape rmfamily sffamily ttfamily normalfont boldmath unboldmath".split())
# Text-mode glyphs, as math writes them; "\therefore" (∴) only says "so": "$\therefore x = 2$" is x = 2.
_SHOWN_AS = {"textdollar": "\\$", "textdollarsign": "\\$", "therefore": " "}
_TEXT_WRAPPERS = frozenset("text textrm textnormal mbox mathrm".split())
_DOLLAR_GROUP = re.compile(r"[ \t]?\{[ \t]?\\\$[ \t]?\}")  # "{\$}": one bounded match at the command's end
_LATEX_COMMAND = re.compile(r"\\\\|\\([A-Za-z]+)\*?")


def shown_latex(text: str) -> str:
    """``text`` as LaTeX draws it: invisible and decorative commands (``\\phantom{4}``, ``\\color{red}``,
    ``\\kern2pt``, ``\\quad``, ``\\displaystyle``) gone, shown content of wrappers kept (``\\textcolor{red}{5}`` is
    ``5``, ``\\smash{5}`` is ``5``). One pass over the commands and one brace scan per argument: linear, no recursion.

    >>> shown_latex("\\\\phantom{4}3"), shown_latex("\\\\textcolor{red}{5}\\\\,\\\\quad"), shown_latex("1\\\\kern x")
    (' 3', ' 5\\\\, ', '1  x')
    """
    if "\\" not in text:
        return text
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement), applied at the end
    pos = 0
    for m in _LATEX_COMMAND.finditer(text):
        name = m[1]
        if m.start() < pos or name is None:
            continue
        if name in _HIDDEN:
            pos = past_groups(text, m.end(), _HIDDEN[name])
        elif name in _SIZED:
            size = _SIZE.match(text, m.end())
            pos = size.end() if size is not None else m.end()
        elif name in _SPACING or name in _LOOK or name in _SHOWN_AS:
            pos = m.end()
        elif name in _TEXT_WRAPPERS and (dollar := _DOLLAR_GROUP.match(text, m.end())) is not None:
            pos, name = dollar.end(), "textdollar"  # "\text{\$}18.90" is "\$18.90"
        elif name in _UNWRAP:
            pos = past_groups(text, m.end(), _UNWRAP[name], optional_after=True)
            close = matching_brace(text, pos) if text.startswith("{", pos) else -1
            if close > 0:  # the content stays; its braces go, so "\smash{5}" reads as a bare 5
                edits.append((close - 1, close, ""))
                pos += 1
        else:
            continue
        edits.append((m.start(), pos, "" if name in _LOOK else _SHOWN_AS.get(name, " ")))
    return _apply(text, edits) if edits else text


def past_groups(text: str, pos: int, groups: int, optional_after: bool = False) -> int:
    """The index past ``[...]`` options and ``groups`` brace groups at ``pos`` (a missing group ends the scan)."""
    for _ in range(groups + optional_after):
        while (opt := _OPTIONAL_ARG.match(text, pos)) is not None:
            pos = opt.end()
        if _ == groups:
            break
        start = pos
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if not text.startswith("{", pos):
            return start
        end = matching_brace(text, pos)
        pos = end if end > 0 else len(text)
    return pos


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    out, pos = [], 0
    for start, end, new in sorted(edits):
        if start < pos:
            continue
        out += [text[pos:start], new]
        pos = end
    out.append(text[pos:])
    return "".join(out)


def untext(s: str) -> str:
    """``s`` with ``\\text{...}``-like wrappers replaced by their words."""
    return re.sub(r"\\(?:text|mbox|mathrm|textbf)\s*\{([^{}]*)\}", r" \1 ", s)


_EDGE_COMMANDS = ("\\qquad", "\\quad", "\\,", "\\;", "\\:", "\\!", "\\>")  # spacing commands drawn as space alone


def _edge_command(text: str, start: int, end: int) -> str:
    """The spacing command (`_EDGE_COMMANDS`) at ``start``, else ``""``."""
    return next((c for c in _EDGE_COMMANDS if text.startswith(c, start, end)), "")


def trimmed(text: str) -> str:
    """``text`` without what shows nothing at its ends: whitespace, spacing commands taken whole (``\\,``, ``\\;``,
    ``\\!``, ``\\ ``, ``\\quad``) and a dangling ``,`` or ``;`` ("5," lists nothing). One pass from each end.

    >>> trimmed("\\\\,1000\\\\,"), trimmed("12\\\\ "), trimmed("(2, 3)\\\\;,"), trimmed("12\\\\\\\\,")
    ('1000', '12', '(2, 3)', '12\\\\\\\\')
    """
    start, end = 0, len(text)
    while start < end:
        if text[start].isspace():
            start += 1
        elif text[start] == "\\" and start + 1 < end and text[start + 1].isspace():
            start += 2
        elif text[start] == "\\" and (cmd := _edge_command(text, start, end)) and not (
                cmd[-1].isalpha() and start + len(cmd) < end and text[start + len(cmd)].isalpha()):
            start += len(cmd)
        else:
            break
    while start < end:
        last = text[end - 1]
        if (last.isspace() or last in ",;:!>") and _escaping(text, start, end - 2):
            end -= 2  # a spacing command taken whole: "\," and "\ " leave no stray backslash
        elif last.isspace() or last in ",;":
            end -= 1
        elif quad := next((c for c in ("\\qquad", "\\quad") if text.endswith(c, start, end)
                           and not _escaping(text, start, end - len(c) - 1)), ""):
            end -= len(quad)
        else:
            break
    return text[start:end]


def _escaping(text: str, start: int, at: int) -> bool:
    """Whether ``text[at]`` is a backslash that escapes the next character (an odd run of backslashes ends there)."""
    run = 0
    while at - run >= start and text[at - run] == "\\":
        run += 1
    return run % 2 == 1


_HTML_COMMENT_OPEN, _HTML_COMMENT_CLOSE = "<!--", "-->"
# What a text's comment scan stops at: an escaped backslash, dollar or percent (skipped whole), a math delimiter, a
# percent sign, an HTML comment opener. One left-to-right pass.
_COMMENT_SCAN = re.compile(r"\\\\|\\[$%]|\$\$|\$|\\[(\[]|%|<!--")
_MATH_CLOSER = {"$$": "$$", "$": "$", "\\(": "\\)", "\\[": "\\]"}


def shown_text(text: str) -> str:
    """``text`` without its comments, which a renderer draws as nothing.

    - An HTML comment ``<!-- ... -->`` goes whole; one left open hides everything after it, as in a browser.
    - Inside a closed math span (``$..$``, ``$$..$$``, ``\\(..\\)``, ``\\[..\\]``) an unescaped ``%`` hides the
      rest of its line up to the span's end, as MathJax and KaTeX draw it; a ``%`` that hides nothing that shows
      (``$50%$``) stays, a percent sign. ``\\%`` is always a percent sign, and outside math ``%`` is text.

    One pass: each math span's closer is looked up once, a comment's end within its own line.

    >>> shown_text("6 <!-- \\\\boxed{5} --> so 6"), shown_text("$x = 6 % \\\\boxed{5}$ and 20% off")
    ('6  so 6', '$x = 6 $ and 20% off')
    """
    if "%" not in text and _HTML_COMMENT_OPEN not in text:
        return text
    out, pos, close_at = [], 0, -1  # close_at: where the open math span's closer starts (-1: not in math)
    unclosed: set[str] = set()  # closers no later text holds: looked up once, so many openers stay linear
    for m in _COMMENT_SCAN.finditer(text):
        token = m.group()
        if m.start() < pos or len(token) == 2 and token[0] == "\\" and token[1] in "\\$%":
            continue
        if close_at >= 0 and m.start() >= close_at:  # the span ended here or before
            at_closer, close_at = m.start() == close_at, -1
            if at_closer and token[0] == "$":
                continue  # the span's own closing dollar opens nothing
        if token == _HTML_COMMENT_OPEN:
            end = text.find(_HTML_COMMENT_CLOSE, m.end())
            out.append(text[pos:m.start()])
            pos = len(text) if end < 0 else end + len(_HTML_COMMENT_CLOSE)
        elif close_at < 0 and token in _MATH_CLOSER and _MATH_CLOSER[token] not in unclosed:
            close_at = text.find(_MATH_CLOSER[token], m.end())  # -1: never closed, so not math
            if close_at < 0:
                unclosed.add(_MATH_CLOSER[token])
        elif close_at >= 0 and token == "%":
            line_end = text.find("\n", m.end(), close_at)
            hidden_end = close_at if line_end < 0 else line_end
            if has_content(text[m.end():hidden_end]):
                out.append(text[pos:m.start()])
                pos = hidden_end
    out.append(text[pos:])
    return "".join(out)
