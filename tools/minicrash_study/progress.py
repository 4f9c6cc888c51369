"""A progress bar for a study: runs done, share, time spent, time left.

Runs may weigh differently (a 256-rank run costs more than a 1-rank one):
the share and the time left count weight, not runs. On a terminal the bar
redraws in place; in a log (CI) each update is a line.
"""
import sys
import time


def _clock(seconds):
    seconds = int(seconds)
    h, rest = divmod(seconds, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


class Progress:
    def __init__(self, weights, finished, stream=sys.stderr, width=30):
        """weights: one per run; finished: which of them an earlier session did."""
        self.weights, self.stream, self.width = list(weights), stream, width
        self.total = sum(self.weights)
        self.runs, self.done = len(self.weights), sum(finished)
        self.weight_done = sum(w for w, f in zip(self.weights, finished) if f)
        self.resumed = self.weight_done
        self.t0 = time.monotonic()
        self.tty = stream.isatty()

    def _line(self, what):
        frac = self.weight_done / self.total if self.total else 1.0
        filled = int(round(self.width * frac))
        spent = time.monotonic() - self.t0
        ran = self.weight_done - self.resumed
        left = spent / ran * (self.total - self.weight_done) if ran else 0
        eta = f"eta {_clock(left)}" if ran and self.done < self.runs else ""
        return (f"[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.runs} runs {100 * frac:3.0f}%"
                f"  {_clock(spent)} {eta}  {what}")

    def show(self, what):
        line = self._line(what)
        if self.tty:
            self.stream.write("\r\033[K" + line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def advance(self, weight, what):
        self.done += 1
        self.weight_done += weight
        self.show(what)

    def close(self):
        if self.tty:
            self.stream.write("\n")
        self.stream.flush()
