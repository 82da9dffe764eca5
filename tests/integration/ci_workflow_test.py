#!/usr/bin/env python3
"""The example GitHub Actions workflow (examples/ci/patchbay.yml), parsed with python3-yaml and
run locally: each `run:` step runs under bash as GitHub runs it (`bash --noprofile --norc -eo
pipefail`), in a git repository holding a copy of examples/demo with a base branch and a pull
request branch, with GITHUB_WORKSPACE, GITHUB_STEP_SUMMARY and the job's env. The install step is
the one step not run: its equivalent here is the patchbay just built, first on PATH (the package
itself is tested by package_test.sh). Exit 77 when python3-yaml or git is missing."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    print("SKIP: python3-yaml is not installed (Debian: python3-yaml)")
    sys.exit(77)
if shutil.which("git") is None:
    print("SKIP: git is not installed")
    sys.exit(77)

SOURCE = os.environ["PATCHBAY_SOURCE_DIR"]
BINARY = os.environ["PATCHBAY_BINARY"]
WORKFLOW = os.path.join(SOURCE, "examples/ci/patchbay.yml")
PATCH = "patches/0006-widen-block-ids.patch"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def git(repo, *args):
    subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True)


def load_workflow():
    with open(WORKFLOW) as f:
        workflow = yaml.safe_load(f)
    # YAML 1.1 reads the key `on` as True.
    triggers = workflow.get("on", workflow.get(True))
    check("pull_request" in triggers, "the workflow does not run on pull_request")
    check(workflow["permissions"].get("security-events") == "write",
          "upload-sarif needs permissions: security-events: write")
    (job,) = workflow["jobs"].values()
    return job


def check_steps(steps):
    by_id = {step.get("id"): step for step in steps}
    install = by_id.get("install", {}).get("run", "")
    check(re.search(r"apt-get install -y \S+\.deb", install), "no apt-get install of a .deb")
    uploads = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")]
    check(len(uploads) == 1, "no github/codeql-action/upload-sarif step")
    sarif = uploads[0]["with"]["sarif_file"] if uploads else None
    writer = by_id.get("audit-sarif", {}).get("run", "")
    check(f"--format sarif --output {sarif}" in writer, f"no step writes {sarif}")
    checkout = [s for s in steps if s.get("uses", "").startswith("actions/checkout@")]
    check(checkout and checkout[0].get("with", {}).get("fetch-depth") == 0,
          "audit-kernels --base needs the whole history (fetch-depth: 0)")
    for step in steps:
        # Expressions in a script are an injection risk, and the local run could not expand them.
        check("${{" not in step.get("run", ""), f"step {step.get('name')}: an expression in run:")
        check(step.get("if") in (None, "${{ !cancelled() }}")
              or "uses" in step, f"step {step.get('name')}: an if: this test cannot evaluate")
    return sarif


def make_repo(scratch, edit):
    repo = os.path.join(scratch, "repo")
    shutil.copytree(os.path.join(SOURCE, "examples/demo"), repo,
                    ignore=shutil.ignore_patterns(".patchbay-cache"))
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "the series")
    git(repo, "checkout", "-q", "-b", "pr")
    path = os.path.join(repo, PATCH)
    with open(path) as f:
        text = f.read()
    old, new = edit
    check(old in text, f"the edit's text is not in {PATCH}: {old!r}")
    with open(path, "w") as f:
        f.write(text.replace(old, new))
    git(repo, "commit", "-qam", "the pull request")
    git(repo, "update-ref", "refs/remotes/origin/main", "main")
    return repo


def run_steps(job, scratch, repo):
    """Runs each run: step but the install; returns {id: (status, output)} and the summary."""
    bin_dir = os.path.join(scratch, "bin")
    os.makedirs(bin_dir, exist_ok=True)
    if not os.path.exists(os.path.join(bin_dir, "patchbay")):
        os.symlink(BINARY, os.path.join(bin_dir, "patchbay"))
    summary = os.path.join(scratch, "summary.md")
    open(summary, "w").close()
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"],
               HOME=os.path.join(scratch, "home"), GITHUB_WORKSPACE=repo,
               GITHUB_STEP_SUMMARY=summary, BASE_REF="main", PATCHBAY_DEB_URL="unused")
    os.makedirs(env["HOME"], exist_ok=True)
    results = {}
    for step in job["steps"]:
        if "run" not in step or step.get("id") == "install":
            continue
        shell = job.get("defaults", {}).get("run", {}).get("shell")
        check(shell == "bash", "the job's steps do not run under bash")
        script = os.path.join(scratch, "step.sh")
        with open(script, "w") as f:
            f.write(step["run"])
        done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                              cwd=repo, env=env, capture_output=True, text=True)
        results[step["id"]] = (done.returncode, done.stdout + done.stderr)
        print(f"  step {step['id']}: exit {done.returncode}")
    with open(summary) as f:
        return results, f.read()


def read_sarif(repo, sarif):
    path = os.path.join(repo, sarif)
    check(os.path.exists(path), f"{sarif} was not written")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        log = json.load(f)
    check(log.get("version") == "2.1.0", "the SARIF file is not SARIF 2.1.0")
    check(log["runs"][0]["tool"]["driver"]["name"] == "patchbay", "the SARIF tool is not patchbay")
    return [r for run in log["runs"] for r in run.get("results", [])]


def scenario(job, sarif, name, edit):
    print(f"== {name}")
    scratch = tempfile.mkdtemp(prefix="patchbay-ci-")
    try:
        repo = make_repo(scratch, edit)
        results, summary = run_steps(job, scratch, repo)
        return results, summary, read_sarif(repo, sarif)
    finally:
        shutil.rmtree(scratch)


def main():
    job = load_workflow()
    sarif = check_steps(job["steps"])

    # A pull request that only rewords the patch's description passes every step.
    results, summary, findings = scenario(job, sarif, "good", (
        "wrapped address. Widen", "wrapped address; widen"))
    for step, (status, output) in results.items():
        check(status == 0, f"good: step {step} exit {status}: {output}")
    check("### patchbay check-series" in summary and "0006-widen-block-ids.patch" in summary,
          "good: the step summary lacks the check-series report")

    # One that drops the Triton gather's widening: the SARIF holds the finding, the annotation
    # step fails the job, the series still applies.
    results, summary, findings = scenario(job, sarif, "new finding", (
        "+    blk = tl.load(block_table_ptr + lb).to(tl.int64)",
        "+    blk = tl.load(block_table_ptr + lb)"))
    check(results["check-series"][0] == 0, "finding: check-series failed")
    check(results["audit-sarif"][0] == 0, "finding: the SARIF step failed: no upload")
    check(any(r.get("ruleId") == "int32-index-stride" for r in findings),
          f"finding: no int32-index-stride result in the SARIF file: {findings}")
    status, output = results["audit-annotate"]
    check(status == 1, f"finding: the annotation step exit {status}, not 1")
    # The multiply's line was added by 0003; the PR took 0006's widening of its load away.
    check("::error file=patches/0003-triton-paged-gather-v2.patch" in output and
          "int32-index-stride" in output,
          f"finding: no annotation on the patch file names the rule: {output}")
    check("int32-index-stride" in summary, "finding: the step summary lacks the new finding")

    # One whose hunk no longer applies: check-series fails and says why in the summary.
    results, summary, findings = scenario(job, sarif, "rejected hunk", (
        "   const int head = blockIdx.y;", "   const int head = blockIdx.z;"))
    check(results["check-series"][0] == 1, "rejected: check-series did not exit 1")
    check("rejected" in summary, "rejected: the step summary does not say rejected")
    status, output = results["check-series"]
    check("::error file=patches/0006-widen-block-ids.patch,line=" in output,
          f"rejected: no annotation on the patch file: {output}")

    print("FAILED" if failures else "OK")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
