#!/usr/bin/env python3
"""Writes data/reference/build-<tag>.json: the Gradle projects and tasks and the DataHub Docker images of a release,
which scripts/check-release-facts.ts compares the commands and image names of the docs against.

Usage: python3 scripts/reference/extract_build_facts.py <git-dir of a datahub clone with the tag> [tag] [out]

What it reads, through `git show` (nothing is checked out or copied):
- projects: the `include` lines of settings.gradle;
- tasks: `task name`, `task('name')`, `tasks.register('name')` and `tasks.create('name')` in each project's
  build.gradle and in the Gradle files it applies with `apply from:`; for a project with the
  `com.palantir.docker` plugin, the plugin's `docker`, `dockerTag`, `dockerPush`, `dockerClean`, `dockerPrepare`
  tasks and one `dockerTag<Name>` per `tag("<Name>", ...)`;
- standalone builds: folders with their own settings.gradle (example projects run with their own wrapper), with
  the tasks their build.gradle defines;
- images: the `image:` lines of every Compose file under docker/ (`${VAR:-default}` read as its default), the
  `*_IMAGE:` values and `images:` lists of .github/workflows, and `<docker_registry>/<docker_repo>` of each Gradle
  project that builds an image; `debugImages` are the images a Compose file runs with the `debug` tag.
Tasks that Gradle's own plugins add to every Java project (build, test, checkstyleMain, …) are not read from the
release: scripts/check-release-facts.ts lists them (`PLUGIN_TASKS`), with the plugins they come from.
"""
import json
import posixpath
import re
import subprocess
import sys
from typing import Dict, List, Set


def git(git_dir: str, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True, text=True).stdout


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: extract_build_facts.py <git-dir with the release tag> [tag, default v0.10.5] [out file]")
    git_dir = sys.argv[1]
    tag = sys.argv[2] if len(sys.argv) > 2 else "v0.10.5"
    out = sys.argv[3] if len(sys.argv) > 3 else f"data/reference/build-{tag}.json"
    files = set(git(git_dir, "ls-tree", "-r", "--name-only", tag).split("\n"))

    def show(path: str) -> str:
        return git(git_dir, "show", f"{tag}:{path}") if path in files else ""

    projects = [":" + p.strip(":") for p in re.findall(r"""include\s+['"]([^'"]+)['"]""", show("settings.gradle"))]
    projects = [":"] + sorted(set(projects))
    tasks: Dict[str, List[str]] = {}
    images: Set[str] = set()
    debug_images: Set[str] = set()
    root = show("build.gradle")
    default_registry = (re.search(r"""ext\.docker_registry\s*=\s*['"]([^'"]+)['"]""", root) or [None, "linkedin"])[1]
    for project in projects:
        folder = project.strip(":").replace(":", "/")
        build_file = f"{folder}/build.gradle" if folder else "build.gradle"
        text = show(build_file)
        for applied in re.findall(r"""apply\s+from:\s*['"]([^'"$]+\.gradle)['"]""", text):
            text += "\n" + show(posixpath.normpath(posixpath.join(folder, applied)))
        names = set(re.findall(r"""(?m)^\s*task(?:\s+|\s*\(\s*)['"]?(\w+)""", text))
        names |= set(re.findall(r"""tasks\.(?:register|create)\(\s*['"](\w+)['"]""", text))
        if re.search(r"""com\.palantir\.docker""", text):
            names |= {"docker", "dockerTag", "dockerPush", "dockerClean", "dockerPrepare"}
            names |= {f"dockerTag{name}" for name in re.findall(r"""tag\(\s*['"](\w+)['"]""", text)}
            repo = re.search(r"""docker_repo\s*=\s*['"]([^'"]+)['"]""", text)
            registry = re.search(r"""docker_registry\s*=\s*['"]([^'"]+)['"]""", text)
            # `docker_registry = rootProject.ext.docker_registry == 'linkedin' ? 'acryldata' : docker_registry`
            renamed = re.search(r"""docker_registry\s*=\s*rootProject\.ext\.docker_registry\s*==\s*['"](\w+)['"]\s*\?\s*['"](\w+)['"]""", text)
            if repo:
                if renamed and renamed[1] == default_registry:
                    name = f"{renamed[2]}/{repo[1]}"
                else:
                    name = f"{registry[1] if registry else default_registry}/{repo[1]}"
                images.add(name)
                if re.search(r"""tag\(\s*['"]Debug['"]""", text):
                    debug_images.add(name)
        if names:
            tasks[project] = sorted(names)

    # Example projects with their own settings.gradle and wrapper are separate builds, run from their folder.
    standalone: Dict[str, List[str]] = {}
    for settings in sorted(f for f in files if f.endswith("/settings.gradle")):
        folder = settings[: -len("/settings.gradle")]
        text = show(f"{folder}/build.gradle")
        names = set(re.findall(r"""(?m)^\s*task(?:\s+|\s*\(\s*)['"]?(\w+)""", text))
        names |= set(re.findall(r"""tasks\.(?:register|create)\(\s*['"](\w+)['"]""", text))
        standalone[folder] = sorted(names)

    def image_name(value: str) -> str:
        value = value.strip().strip("'\"")
        value = re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", value)
        return value

    for path in sorted(files):
        if path.startswith("docker/") and re.search(r"docker-compose[^/]*\.ya?ml$", path):
            for value in re.findall(r"(?m)^\s*image:\s*(\S+)", show(path)):
                name = image_name(value)
                base, _, version = name.partition(":") if not name.startswith("$") else (name, "", "")
                if re.match(r"^(linkedin|acryldata)/", base):
                    images.add(base)
                    if version == "debug":
                        debug_images.add(base)
        if path.startswith(".github/workflows/") and re.search(r"\.ya?ml$", path):
            text = show(path)
            for value in re.findall(r"""(?m)^\s*\w+_IMAGE:\s*['"]?([\w./-]+)""", text):
                if re.match(r"^(linkedin|acryldata)/", value):
                    images.add(value)
            for block in re.findall(r"(?m)^(\s*)images:\s*\|\n((?:\1\s+\S.*\n)+)", text):
                for line in block[1].split("\n"):
                    value = line.strip()
                    if re.match(r"^(linkedin|acryldata)/[\w.-]+$", value):
                        images.add(value)

    commit = git(git_dir, "rev-parse", f"{tag}^{{commit}}").strip()
    document = {
        "release": tag,
        "commit": commit,
        "derivedBy": "scripts/reference/extract_build_facts.py (see data/reference/README.md)",
        "projects": projects,
        "tasks": tasks,
        "standaloneBuilds": standalone,
        "images": sorted(images),
        "debugImages": sorted(debug_images),
    }
    with open(out, "w") as handle:
        json.dump(document, handle, indent=1)
        handle.write("\n")
    print(f"{out}: {len(projects)} projects, {sum(len(t) for t in tasks.values())} tasks, {len(images)} images "
          f"({len(debug_images)} with a debug tag) from {tag} ({commit[:8]})")


if __name__ == "__main__":
    main()
