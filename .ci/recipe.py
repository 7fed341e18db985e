#!/usr/bin/env python3
"""The CI recipes of the manual's "Continuous integration" article (Sources/Flipbook/Flipbook.docc/
ContinuousIntegration.md), checked: their GitHub Actions and GitLab CI blocks must be valid YAML of the shape
the article describes, and their jobs' commands must run as written, in a shell, on this machine.

    .ci/recipe.py --validate          only parse and check the four blocks (no rendering; the tests run this)
    .ci/recipe.py FLIPBOOK_BIN_DIR [github|gitlab]
                                      also run every job (of both systems, or of one):
      - "Your repository": a scratch repository in a temporary folder (git, two example scripts as
        flipbook/*.json, their references recorded with the article's command and committed), each workflow
        run on it three times: with an empty cache (Flipbook is installed; the run passes), again (Flipbook
        comes from the cache, no `make install` runs; it passes), and with a script changed in a new commit
        (`flipbook diff` exits 1, the job fails, out/ and report/report.html are its artifacts). The checkout
        of Flipbook is this repository's working tree (at HEAD, as CI's fresh clone is), so `make install`
        reuses the release build; FLIPBOOK_VERSION is HEAD, FLIPBOOK_PREFIX a temporary folder, the cache a
        local folder.
      - "Many machines": the article's command records the references, then each job runs in its own folder
        (a fresh "checkout": the examples and the references, the binary in FLIPBOOK_BIN_DIR as `make release`
        leaves it), artifacts copied between the folders as the CI systems do.
      `apt-get` lines are not run (they need the network): the packages they name must be installed here.
      `make release` and `make test` are not run either (the binary is built; `make test` is the suite this
      check is part of).

Needs python3, git and PyYAML (Debian's python3-yaml), nothing from the network.
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARTICLE = "Sources/Flipbook/Flipbook.docc/ContinuousIntegration.md"
USER = "## Your repository"
SHARDS = "## Many machines"
SKIPPED = {"make release", "make test"}
# The two example scripts the scratch repository keeps (both draw bundled artwork), and the one changed.
USER_SCRIPTS = {"ego.json": "examples/scripts/ego/short-pull.json", "airplane.json": "examples/scripts/airplane/short-pull.json"}
CHANGED = "ego.json"


def section(heading):
    text = open(os.path.join(ROOT, ARTICLE), encoding="utf-8").read()
    start = text.index(heading + "\n")
    end = text.find("\n## ", start + len(heading))
    return text[start : end if end >= 0 else len(text)]


def blocks(heading, kind):
    return re.findall(r"```" + kind + r"\n(.*?)```", section(heading), re.S)


def fail(message):
    sys.exit("recipe: " + message)


def check(condition, message):
    if not condition:
        fail(message)


def runs(job):
    return [step["run"] for step in job["steps"] if "run" in step]


def uses(step, action):
    return step.get("uses", "").split("@")[0] == action


def record_command(heading):
    lines = [line for block in blocks(heading, "sh") for line in block.splitlines() if line.startswith("flipbook render")]
    check(len(lines) == 1, f"the section '{heading}' shows one command that records the references")
    return lines[0]


# MARK: - Validation


def validate_shards():
    """Flipbook's own sharded workflows, parsed, with the shape the article promises."""
    workflows = [yaml.safe_load(block) for block in blocks(SHARDS, "yaml")]
    check(len(workflows) == 2, f"expected 2 yaml blocks in '{SHARDS}', found {len(workflows)}")
    github, gitlab = workflows

    jobs = github.get("jobs", {})
    check(set(jobs) == {"test", "render", "merge"}, f"GitHub jobs are {sorted(jobs)}")
    check(runs(jobs["test"])[-1] == "make test", "the GitHub test job runs make test")
    check(jobs["render"]["strategy"]["matrix"]["shard"] == [1, 2, 3, 4], "the GitHub matrix is shard: [1, 2, 3, 4]")
    render = runs(jobs["render"])
    check("make release" in render, "the GitHub render job sets up with make release")
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


def validate_user():
    """The workflows for a user's repository, parsed, with the shape the article promises: Flipbook at a
    pinned version, installed when the cache keyed on that version misses, the user's files rendered and
    diffed, and uploaded when the job fails."""
    workflows = [yaml.safe_load(block) for block in blocks(USER, "yaml")]
    check(len(workflows) == 2, f"expected 2 yaml blocks in '{USER}', found {len(workflows)}")
    github, gitlab = workflows
    record_command(USER)

    env = github.get("env", {})
    check({"FLIPBOOK_REPOSITORY", "FLIPBOOK_VERSION", "FLIPBOOK_PREFIX"} <= set(env), "the GitHub workflow sets FLIPBOOK_*")
    check(len(github.get("jobs", {})) == 1, "the GitHub workflow has one job")
    steps = next(iter(github["jobs"].values()))["steps"]
    checkouts = [step for step in steps if uses(step, "actions/checkout")]
    check(len(checkouts) == 2 and "with" not in checkouts[0], "the job checks out the repository, then Flipbook")
    check(checkouts[1]["with"].get("ref") == "${{ env.FLIPBOOK_VERSION }}", "Flipbook is checked out at FLIPBOOK_VERSION")
    cache = [step for step in steps if uses(step, "actions/cache")]
    check(len(cache) == 1 and "id" in cache[0], "the job has one actions/cache step with an id")
    check("${{ env.FLIPBOOK_VERSION }}" in cache[0]["with"]["key"], "the cache key holds FLIPBOOK_VERSION")
    install = [step for step in steps if "make -C .flipbook install" in step.get("run", "")]
    check(
        len(install) == 1 and install[0].get("if") == f"steps.{cache[0]['id']}.outputs.cache-hit != 'true'",
        "make install runs only when the cache misses",
    )
    check(any(step.get("run", "").startswith("flipbook diff ") for step in steps), "the job diffs against the references")
    upload = [step for step in steps if uses(step, "actions/upload-artifact")]
    check(len(upload) == 1 and upload[0].get("if") == "failure()", "the job uploads its files when it fails")

    variables = gitlab.get("variables", {})
    check({"FLIPBOOK_REPOSITORY", "FLIPBOOK_VERSION"} <= set(variables), "the GitLab workflow sets FLIPBOOK_*")
    jobs = {name: job for name, job in gitlab.items() if isinstance(job, dict) and "script" in job}
    check(len(jobs) == 1, "the GitLab workflow has one job")
    job = next(iter(jobs.values()))
    check("$FLIPBOOK_VERSION" in job["cache"]["key"], "the GitLab cache key holds $FLIPBOOK_VERSION")
    check(any("make -C .flipbook install" in line for line in job["script"]), "the GitLab job installs Flipbook")
    check(any(line.startswith("flipbook diff ") for line in job["script"]), "the GitLab job diffs against the references")
    check(job["artifacts"].get("when") == "on_failure", "the GitLab job keeps its files when it fails")
    return github, gitlab


# MARK: - Running jobs


def apt_line(line):
    """Checks, instead of running, an `apt-get update && apt-get install … PACKAGES` line: every package is installed."""
    packages = [word for word in line.split("apt-get install", 1)[1].split() if not word.startswith("-")]
    for package in packages:
        status = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True).stdout
        check("install ok installed" in status, f"{line}: {package} is not installed on this machine")
    print(f"  (packages installed here) $ {line}", flush=True)


def shell_lines(lines, folder, env, substitutions={}):
    """Runs script lines in one shell, as GitLab does and as a GitHub `run` is, the set-up lines not run.
    Returns the exit status."""
    script = []
    for line in lines:
        if line.startswith("apt-get "):
            apt_line(line)
        elif line in SKIPPED:
            print(f"  (set-up, already done) $ {line}", flush=True)
        else:
            line = substitutions.get(line, line)
            print(f"  $ {line}", flush=True)
            script.append(line)
    if not script:
        return 0
    return subprocess.run(["bash", "-e", "-o", "pipefail", "-c", "\n".join(script)], cwd=folder, env=env).returncode


def copy_paths(patterns, source, target, required=True):
    """Copies the paths (files, folders, globs; relative to `source`) to the same places under `target`."""
    for pattern in patterns:
        matches = glob.glob(os.path.join(source, pattern.rstrip("/")))
        check(matches or not required, f"no file matches the artifact path {pattern}")
        for match in matches:
            destination = os.path.join(target, os.path.relpath(match, source))
            if os.path.isdir(match):
                shutil.copytree(match, destination, dirs_exist_ok=True, symlinks=True)
            else:
                os.makedirs(os.path.dirname(destination), exist_ok=True)
                shutil.copy2(match, destination)


class GitHubJob:
    """Runs one GitHub Actions job's steps in `folder`: `if` conditions, `${{ }}` expressions of env and matrix,
    $GITHUB_PATH, and the actions the recipes use, played by `actions` (a name → function(step, with))."""

    def __init__(self, folder, env, matrix, actions):
        self.folder, self.env, self.matrix, self.actions = folder, dict(env), matrix, actions
        self.outputs = {}  # step id → outputs
        self.failed = None  # (step, exit status) of the first failing step
        self.ran = []

    def expand(self, text):
        text = str(text)
        for name, value in self.matrix.items():
            text = text.replace("${{ matrix.%s }}" % name, str(value))
        text = re.sub(r"\$\{\{ env\.(\w+) \}\}", lambda m: self.env[m.group(1)], text)
        check("${{" not in text, f"an expression this check cannot evaluate: {text}")
        return text

    def condition(self, step):
        condition = step.get("if")
        if condition is None:
            return self.failed is None
        if condition == "failure()":
            return self.failed is not None
        if condition == "always()":
            return True
        match = re.fullmatch(r"steps\.(\w+)\.outputs\.([\w-]+) (==|!=) '(.*)'", condition)
        check(match, f"a condition this check cannot evaluate: {condition}")
        value = self.outputs.get(match.group(1), {}).get(match.group(2), "")
        return self.failed is None and ((value == match.group(4)) == (match.group(3) == "=="))

    def run(self, steps):
        path_file = os.path.join(self.folder, "..", os.path.basename(self.folder) + ".github-path")
        open(path_file, "w").close()
        for index, step in enumerate(steps):
            if not self.condition(step):
                print(f"  (skipped: if {step.get('if', 'success()')}) {step.get('run') or step.get('uses')}", flush=True)
                continue
            self.ran.append(index)
            if "run" in step:
                added = [line for line in open(path_file).read().splitlines() if line]
                env = dict(self.env, GITHUB_PATH=path_file)
                env["PATH"] = ":".join(list(reversed(added)) + [self.env["PATH"]])
                status = shell_lines([self.expand(step["run"])], self.folder, env)
                if status != 0:
                    print(f"  (exit {status})", flush=True)
                    self.failed = self.failed or (step, status)
            else:
                name = step["uses"].split("@")[0]
                check(name in self.actions, f"a step this check cannot run: {step}")
                print(f"  (played here) uses: {step['uses']}", flush=True)
                with_ = {key: self.expand(value) for key, value in step.get("with", {}).items()}
                outputs = self.actions[name](step, with_) or {}
                if "id" in step:
                    self.outputs[step["id"]] = outputs
        return self.failed is None


# MARK: - Many machines


class Checkouts:
    """Fresh "checkouts" of Flipbook's examples, each a folder under `work` with the binary in `bin_dir`."""

    def __init__(self, work, bin_dir):
        self.work, self.bin_dir, self.references, self.count = work, bin_dir, None, 0

    def make(self, name):
        self.count += 1
        folder = os.path.join(self.work, f"{self.count:02d}-{name}")
        os.makedirs(os.path.join(folder, ".build"))
        os.symlink(os.path.join(ROOT, "examples"), os.path.join(folder, "examples"))
        # What `make release` leaves: the release binary in .build/release.
        os.symlink(self.bin_dir, os.path.join(folder, ".build", "release"))
        if self.references:
            os.symlink(self.references, os.path.join(folder, "references"))
        return folder


def run_shards_github(workflow, checkouts):
    artifacts = os.path.join(checkouts.work, "github-artifacts")

    def upload(step, with_):
        copy_paths(with_["path"].split(), job.folder, os.path.join(artifacts, with_["name"]))

    def download(step, with_):
        check(with_.get("merge-multiple") == "True", "the download merges the artifacts")
        for artifact in sorted(glob.glob(os.path.join(artifacts, with_["pattern"]))):
            shutil.copytree(artifact, job.folder, dirs_exist_ok=True)

    actions = {"actions/checkout": lambda step, with_: None, "actions/upload-artifact": upload, "actions/download-artifact": download}
    for name in ["render", "merge"]:
        spec = workflow["jobs"][name]
        for shard in spec.get("strategy", {}).get("matrix", {}).get("shard", [None]):
            print(f"GitHub job {name}" + (f" (shard {shard})" if shard else ""), flush=True)
            folder = checkouts.make(f"github-{name}-{shard or 0}")
            job = GitHubJob(folder, os.environ, {"shard": shard} if shard else {}, actions)
            check(job.run(spec["steps"]), f"GitHub job {name} failed at {job.failed}")


def gitlab_jobs(workflow, stage):
    return [(name, job) for name, job in workflow.items() if isinstance(job, dict) and job.get("stage", "test") == stage and "script" in job]


def gitlab_lines(workflow, job):
    before = job.get("before_script", workflow.get("default", {}).get("before_script", []))
    return before + job["script"]


def run_shards_gitlab(workflow, checkouts):
    artifacts = os.path.join(checkouts.work, "gitlab-artifacts")
    earlier = os.path.join(checkouts.work, "gitlab-earlier-stages")
    os.makedirs(artifacts)
    for stage in workflow["stages"]:
        if stage == "test":
            continue  # `make test` only: the suite this check is part of
        # A job gets the artifacts of the earlier stages' jobs, not of its own stage's.
        shutil.rmtree(earlier, ignore_errors=True)
        shutil.copytree(artifacts, earlier, symlinks=True)
        for name, job in gitlab_jobs(workflow, stage):
            total = job.get("parallel", 1)
            for index in range(1, total + 1):
                print(f"GitLab job {name} {index}/{total}", flush=True)
                folder = checkouts.make(f"gitlab-{name}-{index}")
                shutil.copytree(earlier, folder, dirs_exist_ok=True, symlinks=True)
                env = dict(os.environ)
                if total > 1:
                    env.update(CI_NODE_INDEX=str(index), CI_NODE_TOTAL=str(total))
                status = shell_lines(gitlab_lines(workflow, job), folder, env)
                check(status == 0, f"GitLab job {name} {index}/{total} failed (exit {status})")
                copy_paths(job.get("artifacts", {}).get("paths", []), folder, artifacts)


def run_shards(github, gitlab, systems, work, bin_dir):
    checkouts = Checkouts(work, bin_dir)
    print("Many machines: recording the references", flush=True)
    folder = checkouts.make("references")
    status = shell_lines([record_command(SHARDS)], folder, dict(os.environ, PATH=bin_dir + ":" + os.environ["PATH"]))
    check(status == 0, "recording the references failed")
    checkouts.references = os.path.join(folder, "references")
    if "github" in systems:
        run_shards_github(github, checkouts)
    if "gitlab" in systems:
        run_shards_gitlab(gitlab, checkouts)


# MARK: - Your repository


def git(folder, *arguments):
    command = ["git", "-c", "user.name=recipe", "-c", "user.email=recipe@localhost", "-c", "init.defaultBranch=main", "-C", folder]
    return subprocess.run(command + list(arguments), check=True, capture_output=True, text=True).stdout.strip()


class UserRepository:
    """The scratch "user" repository, the cache and the log of `make` runs that the user recipe's runs share."""

    def __init__(self, work, bin_dir):
        self.work = work
        self.repository = os.path.join(work, "user-repository")
        self.head = git(ROOT, "rev-parse", "HEAD")
        if git(ROOT, "status", "--porcelain", "--untracked-files=no"):
            print(f"recipe: note: the working tree differs from HEAD; Flipbook is installed from the working tree", flush=True)
        os.makedirs(os.path.join(self.repository, "flipbook"))
        for name, source in USER_SCRIPTS.items():
            shutil.copy(os.path.join(ROOT, source), os.path.join(self.repository, "flipbook", name))
        print("Your repository: recording the references", flush=True)
        status = shell_lines([record_command(USER)], self.repository, dict(os.environ, PATH=bin_dir + ":" + os.environ["PATH"]))
        check(status == 0, "recording the references failed")
        git(self.repository, "init", "-q")
        git(self.repository, "add", "-A")
        git(self.repository, "commit", "-q", "-m", "Previews and their references")
        # `make`, logged: which runs install Flipbook.
        self.shims = os.path.join(work, "shims")
        os.makedirs(self.shims)
        self.make_log = os.path.join(work, "make.log")
        real = shutil.which("make")
        check(real, "make is not installed")
        with open(os.path.join(self.shims, "make"), "w") as shim:
            shim.write(f'#!/bin/sh\necho "$*" >> "{self.make_log}"\nexec "{real}" "$@"\n')
        os.chmod(os.path.join(self.shims, "make"), 0o755)
        self.count = 0

    def change_script(self):
        """Commits a change to one script that moves its frames: the finger travels half as far."""
        path = os.path.join(self.repository, "flipbook", CHANGED)
        document = json.load(open(path))
        for point in document["touches"][0]["track"]:
            point["y"] = point["y"] / 2
        json.dump(document, open(path, "w"), indent=2)
        git(self.repository, "commit", "-q", "-am", "A shorter pull")

    def checkout(self, name):
        """A fresh clone of the repository, as the CI systems check it out, and the environment of its job."""
        self.count += 1
        folder = os.path.join(self.work, f"user-{self.count:02d}-{name}")
        subprocess.run(["git", "clone", "-q", self.repository, folder], check=True)
        open(self.make_log, "w").close()
        env = dict(os.environ, PATH=self.shims + ":" + os.environ["PATH"])
        return folder, env

    def flipbook_checkout(self, folder, path):
        """The checkout of Flipbook at FLIPBOOK_VERSION: this repository's working tree."""
        os.symlink(ROOT, os.path.join(folder, path))

    def makes(self):
        return open(self.make_log).read().splitlines()


def expect(run, passes, installs, name):
    """Checks a run: whether it passed, and whether it ran `make install` (only when the cache missed)."""
    passed, makes, folder = run
    installed = any(re.search(r"(^| )install( |$)", line) for line in makes)
    check(passed == passes, f"{name}: the run {'failed' if passes else 'passed'}, expected it to {'pass' if passes else 'fail'}")
    check(installed == installs, f"{name}: make {'ran' if installed else 'did not run'} install (make ran: {makes})")
    check(any(line.endswith("deps") for line in makes), f"{name}: make deps did not run")


def expect_artifacts(artifacts, name):
    check(os.path.isfile(os.path.join(artifacts, "report", "report.html")), f"{name}: no report/report.html among the artifacts")
    manifests = glob.glob(os.path.join(artifacts, "out", "**", "manifest.json"), recursive=True)
    check(len(manifests) == len(USER_SCRIPTS), f"{name}: the artifacts hold {len(manifests)} renders, not {len(USER_SCRIPTS)}")


def three_runs(one_run, user, ci, failed_at_diff):
    """A user's recipe run three times: a cold cache installs Flipbook and passes, a warm one passes without
    installing, and a changed script fails at `flipbook diff` and leaves the artifacts. `one_run(label)` gives
    ((passed, installed, folder), how it failed, artifacts); `failed_at_diff` checks the middle one."""
    run, _, _ = one_run("first")
    expect(run, True, True, f"{ci}, first run")
    run, _, _ = one_run("second")
    expect(run, True, False, f"{ci}, second run")
    user.change_script()
    run, failure, artifacts = one_run("changed")
    expect(run, False, False, f"{ci}, changed script")
    failed_at_diff(failure)
    expect_artifacts(artifacts, f"{ci}, changed script")
    git(user.repository, "reset", "-q", "--hard", "HEAD~1")


def run_user_github(workflow, user):
    cache = os.path.join(user.work, "github-cache")
    spec = next(iter(workflow["jobs"].values()))

    def one_run(name):
        print(f"Your repository, GitHub: {name}", flush=True)
        folder, env = user.checkout(f"github-{name}")
        prefix = os.path.join(user.work, f"github-{name}-prefix")  # a fresh machine: nothing there until the cache
        env.update(workflow["env"], FLIPBOOK_REPOSITORY=ROOT, FLIPBOOK_VERSION=user.head, FLIPBOOK_PREFIX=prefix)
        artifacts = os.path.join(user.work, f"github-{name}-artifacts")
        missed = []

        def checkout(step, with_):
            if with_:
                check(with_["ref"] == user.head, "Flipbook is checked out at FLIPBOOK_VERSION")
                user.flipbook_checkout(folder, with_["path"])

        def restore(step, with_):
            saved = os.path.join(cache, with_["key"])
            if os.path.isdir(saved):
                shutil.copytree(saved, with_["path"], symlinks=True)
                return {"cache-hit": "true"}
            missed.append(with_)
            return {"cache-hit": "false"}

        def upload(step, with_):
            copy_paths(with_["path"].split(), folder, artifacts, required=False)

        job = GitHubJob(folder, env, {}, {"actions/checkout": checkout, "actions/cache": restore, "actions/upload-artifact": upload})
        passed = job.run(spec["steps"])
        for with_ in missed if passed else []:  # actions/cache saves after a job that passed
            shutil.copytree(with_["path"], os.path.join(cache, with_["key"]), symlinks=True)
        return (passed, user.makes(), folder), job, artifacts

    def failed_at_diff(job):
        step, status = job.failed
        check(step.get("run", "").startswith("flipbook diff ") and status == 1, f"GitHub, changed script: failed at {step} with exit {status}, not at flipbook diff with 1")

    three_runs(one_run, user, "GitHub", failed_at_diff)


def run_user_gitlab(workflow, user):
    cache = os.path.join(user.work, "gitlab-cache")
    name, job = next((name, job) for name, job in workflow.items() if isinstance(job, dict) and "script" in job)
    clone = [line for line in job["script"] if line.startswith("git clone ")]
    check(len(clone) == 1 and ".flipbook" in clone[0], "the GitLab job clones Flipbook into .flipbook")

    def one_run(label):
        print(f"Your repository, GitLab: {label}", flush=True)
        folder, env = user.checkout(f"gitlab-{label}")
        variables = dict(workflow.get("variables", {}), FLIPBOOK_REPOSITORY=ROOT, FLIPBOOK_VERSION=user.head)
        env.update(variables)
        key = re.sub(r"\$(\w+)", lambda m: variables[m.group(1)], job["cache"]["key"])
        saved = os.path.join(cache, key)
        if os.path.isdir(saved):
            shutil.copytree(saved, folder, dirs_exist_ok=True, symlinks=True)
        substitutions = {clone[0]: f'ln -s "{ROOT}" .flipbook'}
        status = shell_lines(gitlab_lines(workflow, job), folder, env, substitutions)
        if status == 0:  # the cache is saved after a job that passed (when: on_success)
            shutil.rmtree(saved, ignore_errors=True)
            copy_paths(job["cache"]["paths"], folder, saved)
        artifacts = os.path.join(user.work, f"gitlab-{label}-artifacts")
        if (status == 0) == (job["artifacts"].get("when", "on_success") == "on_success") or job["artifacts"]["when"] == "always":
            copy_paths(job["artifacts"]["paths"], folder, artifacts, required=False)
        return (status == 0, user.makes(), folder), status, artifacts

    def failed_at_diff(status):
        check(status == 1, f"GitLab, changed script: the job failed with exit {status}, not flipbook diff's 1")

    three_runs(one_run, user, "GitLab", failed_at_diff)


def run_user(github, gitlab, systems, work, bin_dir):
    user = UserRepository(work, bin_dir)
    if "github" in systems:
        run_user_github(github, user)
    if "gitlab" in systems:
        run_user_gitlab(gitlab, user)


def main():
    shards = validate_shards()
    user = validate_user()
    if sys.argv[1:] == ["--validate"]:
        print("recipe: the article's four workflows are valid YAML of the promised shape")
        return
    check(len(sys.argv) in (2, 3) and sys.argv[2:] in ([], ["github"], ["gitlab"]), __doc__)
    systems = sys.argv[2:] or ["github", "gitlab"]
    bin_dir = os.path.abspath(sys.argv[1])
    check(os.access(os.path.join(bin_dir, "flipbook"), os.X_OK), f"no flipbook executable in {bin_dir}")
    work = tempfile.mkdtemp(prefix="flipbook-recipe-")
    try:
        start = time.monotonic()
        run_user(*user, systems, work, bin_dir)
        middle = time.monotonic()
        run_shards(*shards, systems, work, bin_dir)
        end = time.monotonic()
        print(
            f"recipe: the commands of {' and '.join(systems)} ran as written: your repository's in {middle - start:.0f} s "
            f"(three runs each: installed, from the cache, a changed script failing), many machines' in {end - middle:.0f} s"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
