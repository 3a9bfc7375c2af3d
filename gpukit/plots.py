"""Small matplotlib helpers the lessons share (lesson 03 first; generic on purpose).

Each function draws on an ``Axes`` you pass in and returns it, so a notebook can lay out
its own figure. Every figure gets a title and labelled axes with units.
"""

from __future__ import annotations


def stacked_bars(ax, labels, parts: dict, *, limits=None, ylabel: str = "", title: str = "",
                 limit_label: str = "limit"):
    """Bars made of stacked ``parts`` (``{"name": [one value per bar]}``), one bar per label.

    ``limits`` (one per bar) draws a black line across each bar; a bar taller than its
    limit is outlined in red and marked "over".
    """
    labels = list(labels)
    bottoms = [0.0] * len(labels)
    for name, values in parts.items():
        ax.bar(labels, values, bottom=bottoms, label=name)
        bottoms = [b + v for b, v in zip(bottoms, values)]
    if limits is not None:
        for i, (total, limit) in enumerate(zip(bottoms, limits)):
            ax.hlines(limit, i - 0.4, i + 0.4, colors="black", linewidth=2,
                      label=limit_label if i == 0 else None)
            if total > limit:
                ax.bar([labels[i]], [total], fill=False, edgecolor="red", linewidth=2)
                ax.annotate("over", (i, total), ha="center", va="bottom", color="red")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize="small")
    return ax


def grouped_bars(ax, labels, series: dict, *, ylabel: str = "", title: str = "", fmt: str = "{:.3g}"):
    """Side-by-side bars: one group per label, one bar per entry of ``series`` (values written on top)."""
    labels = list(labels)
    width = 0.8 / max(len(series), 1)
    for k, (name, values) in enumerate(series.items()):
        xs = [i + (k - (len(series) - 1) / 2) * width for i in range(len(labels))]
        bars = ax.bar(xs, values, width=width, label=name)
        for bar, value in zip(bars, values):
            ax.annotate(fmt.format(value), (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                        ha="center", va="bottom", fontsize="small")
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize="small")
    return ax
