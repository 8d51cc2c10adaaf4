"""One way to draw a report's figure: a matplotlib axes to draw on, saved as a PNG the same way for every report."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = ["figure"]


@contextlib.contextmanager
def figure(path: str | Path, size: tuple[float, float] = (7, 4)) -> Iterator[Any]:
    """Yield a fresh axes; on leaving, give it a light grid and a legend and save it to ``path`` as a 120-dpi PNG
    (folders made); the figure is closed either way (headless: the Agg backend)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=size)
    try:
        yield ax
        ax.grid(alpha=0.3)
        ax.legend()
        fig.tight_layout()
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(Path(path), dpi=120)
    finally:
        plt.close(fig)
