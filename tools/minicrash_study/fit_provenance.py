"""What a cost fit was made on, and the check that a study uses it on the
same deck and build.

`tools/study.py calibrate -o FIT` records, from the fit's run reports,
each deck (its file's SHA-256, title and element count) and the build
(version, git hash, precision). A study given `--compute-costs FIT` checks,
before any simulation starts, that each of its decks is one of the fit's
(the same file contents) and that its binaries are the fit's build
(`--binary --version` and `--precision`); otherwise it stops with exit
status 2 naming both. The nanoseconds of a fit are those of one deck's mix
of work on one build: another deck's or build's would charge the wrong
costs without a sign. `--fit-from-other-build` accepts a fit of another
revision of the same precision (a reproduction from a stored fit, say);
nothing accepts another deck's. A fit written before this check has no
record, and one whose reports named no deck file or build has none of
that part: those parts are not checked.
"""
import hashlib
import json
import os
import re
import subprocess


class BadFit(ValueError):
    """A cost fit made on another deck or build than the study's (exit status 2)."""


def file_sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def report_build(report):
    return {"version": report.get("version", ""), "git_hash": report.get("git_hash", ""),
            "precision": report.get("build", {}).get("precision", "")}


def provenance(reports):
    """{"decks": [...], "build": {...}} of the fit's run reports (paths);
    runs of different builds in one fit raise BadFit."""
    decks, builds, digests = {}, {}, {}  # digests: each deck file hashed once, however many runs read it
    for path in reports:
        with open(path) as f:
            report = json.load(f)
        build = report_build(report)
        builds[tuple(build.values())] = (build, path)
        deck = report.get("deck", "")
        if deck not in digests:
            digests[deck] = file_sha256(deck) if os.path.isfile(deck) else None
        digest = digests[deck]
        decks.setdefault(digest or report.get("title", ""),
                         {"file": os.path.basename(deck), "title": report.get("title", ""),
                          "elements": report.get("elements"), "sha256": digest})
    if len(builds) > 1:
        named = "; ".join(f"{describe(b)} ({p})" for b, p in builds.values())
        raise BadFit(f"the runs come from different builds: {named}; fit the runs of one build")
    return {"decks": list(decks.values()), "build": next(iter(builds.values()))[0] if builds else {}}


def describe(build):
    return f"minicrash {build['version']} (git {build['git_hash']}), {build['precision']} precision"


def binary_build(binary, precision):
    """The build of a minicrash binary, from its --version line."""
    line = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=60).stdout
    m = re.match(r"minicrash (\S+) \(git (\S+)\)", line)
    if not m:
        raise BadFit(f"{binary} --version printed {line.strip()!r}, not 'minicrash VERSION (git HASH)'")
    return {"version": m.group(1), "git_hash": m.group(2), "precision": precision}


def check(fit_path, record, deck_files, build, other_build_ok=False):
    """Raises BadFit unless every deck file is one of the record's decks and
    `build` is the record's (or of the same precision, with other_build_ok)."""
    if not record:
        return
    known = {d["sha256"] for d in record["decks"] if d["sha256"]}
    for path in deck_files if known else ():  # runs whose deck files were gone at the fit: no check
        if file_sha256(path) not in known:
            made_on = ", ".join(f"{d['file']} ({d['title']}, {d['elements']} shells)" for d in record["decks"])
            raise BadFit(f"{fit_path} was fitted on {made_on}, not on {path}: fit this deck's own runs "
                         "(tools/study.py calibrate)")
    fitted = record["build"]
    if not fitted.get("precision"):  # reports without a build (tests' tables)
        return
    if fitted["precision"] != build["precision"]:
        raise BadFit(f"{fit_path} was fitted with {describe(fitted)}; the study runs {describe(build)}")
    if (fitted["version"], fitted["git_hash"]) != (build["version"], build["git_hash"]) and not other_build_ok:
        raise BadFit(f"{fit_path} was fitted with {describe(fitted)}; the study runs {describe(build)} "
                     "(refit, or --fit-from-other-build to accept it)")
