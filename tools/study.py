#!/usr/bin/python3
"""minicrash scaling studies on real machines and on SimGrid-simulated
clusters: run a matrix of decks x np x ncpu x partition (x interconnects),
resumably, into a CSV; plot it; throughput and rank-placement experiments.

  tools/study.py run --out s1 --deck inputs/tube.k --np 1 2 4 --ncpu 1 2 --repeats 3
  tools/study.py run --out s1                      # continue a killed study
  tools/study.py plot s1 [s2 ...] -o figures       # one study per system
  tools/study.py table s1 [s2 ...]                 # the plotted numbers, as Markdown
  tools/study.py run --out sim --deck gen:tube:size=0.7 --network gige ib-hdr --nodes 1 2 4 8 --no-local --cycles 200
  tools/study.py throughput --out thr --deck inputs/tube.k --splits 1x2 2x1
  tools/study.py placement --out pl --deck gen:tube:size=0.7 --network gige --nodes 8 --partition metis --no-local

Uses Debian's /usr/bin/python3 (matplotlib); see docs/studies.md.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from minicrash_study.cli import main  # noqa: E402

if __name__ == "__main__":
    main()
