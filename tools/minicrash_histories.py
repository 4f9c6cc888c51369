"""minicrash's CSV histories (glstat.csv, matsum.csv, rwforc.csv,
rcforc.csv): a header row of column names, then one row of numbers per
output time (and part, wall or interface). docs/outputs.md names the
columns. Plain Python (no NumPy needed).
"""
import csv
import os


def read(path):
    """(column names, rows of floats) of a history CSV."""
    with open(path, newline="") as f:
        lines = [row for row in csv.reader(f) if row]
    return lines[0], [[float(x) for x in row] for row in lines[1:]]


def rows(path):
    """The rows of floats of a history CSV (columns in the order of its header)."""
    return read(path)[1]


def table(directory, name):
    """Rows of `name`.csv in a run's output directory (name: glstat, matsum, rwforc or rcforc)."""
    return rows(os.path.join(directory, name + ".csv"))


def last_row(path):
    """{column: value} of a history CSV's last row."""
    names, values = read(path)
    return dict(zip(names, values[-1]))
