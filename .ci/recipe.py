#!/usr/bin/env python3
"""The README's CI recipe, checked: its GitHub Actions and GitLab CI blocks must be valid YAML of the
shape the README describes, and their jobs' commands must run as written, in a shell, on this machine.

    .ci/recipe.py --validate          only parse and check the two blocks (no rendering; the tests run this)
    .ci/recipe.py FLIPBOOK_BIN_DIR [github|gitlab]
                                      also run every job (of both, or of one): the README's command records the references, then
                                      each job runs in its own folder (a fresh "checkout": the examples and
                                      the references), its `make` set-up lines skipped (the binary in
                                      FLIPBOOK_BIN_DIR is already built), artifacts copied between the
                                      folders as the CI systems do

Needs python3 and PyYAML (Debian's python3-yaml), nothing from the network.
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECTION = "## Many variants on many machines"


def section():
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    start = text.index(SECTION + "\n")
    end = text.find("\n## ", start + len(SECTION))
    return text[start : end if end >= 0 else len(text)]


def blocks(kind):
    return re.findall(r"```" + kind + r"\n(.*?)```", section(), re.S)


def fail(message):
    sys.exit("recipe: " + message)


def check(condition, message):
    if not condition:
        fail(message)


def validate():
    """The two workflows, parsed, with the shape the README promises."""
    workflows = [yaml.safe_load(block) for block in blocks("yaml")]
    check(len(workflows) == 2, f"expected 2 yaml blocks in '{SECTION}', found {len(workflows)}")
    github, gitlab = workflows

    jobs = github.get("jobs", {})
    check(set(jobs) == {"test", "render", "merge"}, f"GitHub jobs are {sorted(jobs)}")
    check(runs(jobs["test"]) == ["make test"], "the GitHub test job runs make test")
    check(jobs["render"]["strategy"]["matrix"]["shard"] == [1, 2, 3, 4], "the GitHub matrix is shard: [1, 2, 3, 4]")
    render = runs(jobs["render"])
    check(render[0] == "make demo", "the GitHub render job sets up with make demo")
    check(any("--shard ${{ matrix.shard }}/4" in line for line in render), "the render job passes --shard ${{ matrix.shard }}/4")
    check(any(uses(step, "actions/upload-artifact") for step in jobs["render"]["steps"]), "the render job uploads artifacts")
    check(jobs["merge"].get("needs") == "render", "the merge job needs the render jobs")
    check(any(uses(step, "actions/download-artifact") for step in jobs["merge"]["steps"]), "the merge job downloads them")
    check(any(line.startswith("flipbook diff --merge") for line in runs(jobs["merge"])), "the merge job merges the reports")

    check(gitlab.get("stages") == ["test", "render", "merge"], "GitLab's stages are test, render, merge")
    check(gitlab["test"]["script"] == ["make test"], "the GitLab test job runs make test")
    check(gitlab["render"]["parallel"] == 4, "the GitLab render job runs parallel: 4")
    check(
        any("--shard $CI_NODE_INDEX/$CI_NODE_TOTAL" in line for line in gitlab["render"]["script"]),
        "the GitLab render job passes --shard $CI_NODE_INDEX/$CI_NODE_TOTAL",
    )
    check(any(line.startswith("flipbook diff --merge") for line in gitlab["merge"]["script"]), "GitLab merges the reports")
    return github, gitlab


def runs(job):
    return [step["run"] for step in job["steps"] if "run" in step]


def uses(step, action):
    return step.get("uses", "").split("@")[0] == action


class Runner:
    """Runs jobs in folders under `work`, each a fresh checkout, with the flipbook binary in `bin_dir`."""

    def __init__(self, work, bin_dir, references):
        self.work = work
        self.bin_dir = bin_dir
        self.references = references
        self.count = 0

    def checkout(self, name):
        self.count += 1
        folder = os.path.join(self.work, f"{self.count:02d}-{name}")
        os.makedirs(os.path.join(folder, ".build"))
        os.symlink(os.path.join(ROOT, "examples"), os.path.join(folder, "examples"))
        # What `make demo` leaves: the release binary in .build/release.
        os.symlink(self.bin_dir, os.path.join(folder, ".build", "release"))
        if self.references:
            os.symlink(self.references, os.path.join(folder, "references"))
        return folder

    def run(self, line, folder, env):
        if line.startswith("make "):
            print(f"  (set-up, already done) $ {line}", flush=True)
            return
        print(f"  $ {line}", flush=True)
        result = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", line], cwd=folder, env=env)
        check(result.returncode == 0, f"exit {result.returncode}: {line}")


def copy_paths(patterns, source, target):
    """Copies the paths (files, folders, globs; relative to `source`) to the same places under `target`."""
    for pattern in patterns:
        matches = glob.glob(os.path.join(source, pattern.rstrip("/")))
        check(matches, f"no file matches the artifact path {pattern}")
        for match in matches:
            destination = os.path.join(target, os.path.relpath(match, source))
            if os.path.isdir(match):
                shutil.copytree(match, destination, dirs_exist_ok=True)
            else:
                os.makedirs(os.path.dirname(destination), exist_ok=True)
                shutil.copy2(match, destination)


def run_github(workflow, runner):
    artifacts = os.path.join(runner.work, "github-artifacts")
    for name in ["render", "merge"]:
        job = workflow["jobs"][name]
        values = job.get("strategy", {}).get("matrix", {}).get("shard", [None])
        for shard in values:
            print(f"GitHub job {name}" + (f" (shard {shard})" if shard else ""), flush=True)
            folder = runner.checkout(f"github-{name}-{shard or 0}")
            github_path = os.path.join(folder, ".github-path")
            open(github_path, "w").close()
            for step in job["steps"]:
                env = dict(os.environ, GITHUB_PATH=github_path)
                added = [line for line in open(github_path).read().splitlines() if line]
                env["PATH"] = ":".join(list(reversed(added)) + [os.environ["PATH"]])

                def expand(text):
                    return text.replace("${{ matrix.shard }}", str(shard))

                if "run" in step:
                    runner.run(expand(step["run"]), folder, env)
                elif uses(step, "actions/upload-artifact"):
                    target = os.path.join(artifacts, expand(step["with"]["name"]))
                    copy_paths(expand(step["with"]["path"]).split(), folder, target)
                elif uses(step, "actions/download-artifact"):
                    check(step["with"].get("merge-multiple") is True, "the download merges the artifacts")
                    for artifact in sorted(glob.glob(os.path.join(artifacts, step["with"]["pattern"]))):
                        shutil.copytree(artifact, folder, dirs_exist_ok=True)
                else:
                    check(uses(step, "actions/checkout"), f"a step this check cannot run: {step}")


def run_gitlab(workflow, runner):
    artifacts = os.path.join(runner.work, "gitlab-artifacts")
    earlier = os.path.join(runner.work, "gitlab-earlier-stages")
    os.makedirs(artifacts)
    for stage in workflow["stages"]:
        if stage == "test":
            continue  # `make test` only: the suite this check is part of
        # A job gets the artifacts of the earlier stages' jobs, not of its own stage's.
        shutil.rmtree(earlier, ignore_errors=True)
        shutil.copytree(artifacts, earlier, symlinks=True)
        for name, job in workflow.items():
            if not isinstance(job, dict) or job.get("stage") != stage:
                continue
            total = job.get("parallel", 1)
            for index in range(1, total + 1):
                print(f"GitLab job {name} {index}/{total}", flush=True)
                folder = runner.checkout(f"gitlab-{name}-{index}")
                shutil.copytree(earlier, folder, dirs_exist_ok=True, symlinks=True)
                env = dict(os.environ)
                if total > 1:
                    env.update(CI_NODE_INDEX=str(index), CI_NODE_TOTAL=str(total))
                # GitLab runs a job's script lines in one shell, so an `export` carries to the next line.
                script = "\n".join(job["script"])
                print("\n".join(f"  $ {line}" for line in job["script"] if not line.startswith("make ")), flush=True)
                lines = [line for line in job["script"] if not line.startswith("make ")]
                result = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", "\n".join(lines)], cwd=folder, env=env)
                check(result.returncode == 0, f"GitLab job {name} {index}/{total} failed (exit {result.returncode}):\n{script}")
                copy_paths(job.get("artifacts", {}).get("paths", []), folder, artifacts)


def main():
    github, gitlab = validate()
    if sys.argv[1:] == ["--validate"]:
        print("recipe: both workflows are valid YAML of the promised shape")
        return
    check(len(sys.argv) in (2, 3) and sys.argv[2:] in ([], ["github"], ["gitlab"]), __doc__)
    systems = sys.argv[2:] or ["github", "gitlab"]
    bin_dir = os.path.abspath(sys.argv[1])
    check(os.access(os.path.join(bin_dir, "flipbook"), os.X_OK), f"no flipbook executable in {bin_dir}")
    work = tempfile.mkdtemp(prefix="flipbook-recipe-")
    try:
        runner = Runner(work, bin_dir, None)
        record = [line for block in blocks("sh") for line in block.splitlines() if "-o references" in line]
        check(len(record) == 1, "the section shows one command that records the references")
        print("Recording the references", flush=True)
        folder = runner.checkout("references")
        runner.run(record[0], folder, dict(os.environ, PATH=bin_dir + ":" + os.environ["PATH"]))
        runner.references = os.path.join(folder, "references")
        if "github" in systems:
            run_github(github, runner)
        if "gitlab" in systems:
            run_gitlab(gitlab, runner)
        print(f"recipe: the commands of {' and '.join(systems)} ran as written")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
