"""minicrash scaling-study driver (tools/study.py)."""
