"""Completion code that writes a reply straight onto its job's channel, as an adversary would: the sandbox attack
tests forge answers, exceptions and lengths with it instead of building real objects."""

from __future__ import annotations

import textwrap

SEND_FRAME = textwrap.dedent('''
    import json as _json, os as _os, stat as _stat, struct as _struct
    def send_frame(reply):
        frame = _json.dumps(reply, separators=(",", ":")).encode()
        for fd in range(3, 64):
            try:
                if _stat.S_ISSOCK(_os.fstat(fd).st_mode):
                    _os.write(fd, _struct.pack(">I", len(frame)) + frame)
            except OSError:
                pass
    ''')


def with_send_frame(code: str) -> str:
    """``code`` (dedented) preceded by a ``send_frame(reply)`` that writes ``reply`` on every socket the job holds."""
    return SEND_FRAME + textwrap.dedent(code)
