"""A progress bar for a study: runs done, share, time spent, time left.

On a terminal the bar redraws in place; in a log (CI) each update is a line.
"""
import sys
import time


def _clock(seconds):
    seconds = int(seconds)
    h, rest = divmod(seconds, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


class Progress:
    def __init__(self, total, done=0, stream=sys.stderr, width=30):
        self.total, self.done, self.stream, self.width = total, done, stream, width
        self.resumed = done  # finished by an earlier, interrupted session
        self.t0 = time.monotonic()
        self.tty = stream.isatty()

    def _line(self, what):
        frac = self.done / self.total if self.total else 1.0
        filled = int(round(self.width * frac))
        spent = time.monotonic() - self.t0
        ran = self.done - self.resumed
        left = spent / ran * (self.total - self.done) if ran else 0
        eta = f"eta {_clock(left)}" if ran and self.done < self.total else ""
        return (f"[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} {100 * frac:3.0f}%"
                f"  {_clock(spent)} {eta}  {what}")

    def show(self, what):
        line = self._line(what)
        if self.tty:
            self.stream.write("\r\033[K" + line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def advance(self, what):
        self.done += 1
        self.show(what)

    def close(self):
        if self.tty:
            self.stream.write("\n")
        self.stream.flush()
