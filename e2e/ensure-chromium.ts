/**
 * Run by `npm run test:e2e` before the build: makes sure the browser tier has its browser, so `npm install` and
 * `npm test` are all the set-up a fresh machine needs. Chromium present → nothing to do. Missing, as root with
 * apt-get → installs Debian's chromium and the fonts the Thai and Chinese screens need. Otherwise → stops at once
 * with the one command to run, instead of every browser test failing after the build.
 *
 *   node e2e/ensure-chromium.ts
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
/** Debian's packages: the browser, and fonts for Thai and Chinese text (screenshots and layout checks). */
export const PACKAGES = ['chromium', 'fonts-thai-tlwg', 'fonts-noto-cjk'] as const;
export const INSTALL_COMMAND = `apt-get update && apt-get install -y ${PACKAGES.join(' ')}`;

export type Machine = {
  /** CHROMIUM_PATH as set, or undefined. */
  readonly chromiumPath: string | undefined;
  readonly exists: (path: string) => boolean;
  readonly isRoot: boolean;
  readonly hasAptGet: boolean;
};

export type Plan =
  | { readonly kind: 'present'; readonly path: string }
  | { readonly kind: 'install'; readonly path: string; readonly steps: readonly (readonly string[])[] }
  | { readonly kind: 'fail'; readonly message: string };

/** What to do about the browser on this machine; pure, so each case is unit-tested. */
export function planChromium(m: Machine): Plan {
  const path = m.chromiumPath ?? DEFAULT_CHROMIUM;
  if (m.exists(path)) return { kind: 'present', path };
  if (m.chromiumPath !== undefined && m.chromiumPath !== DEFAULT_CHROMIUM) {
    // apt would install to /usr/bin/chromium, not where CHROMIUM_PATH points.
    return {
      kind: 'fail',
      message: `Chromium is missing at CHROMIUM_PATH=${path}. Point CHROMIUM_PATH at a Chromium binary, or unset it and run: ${INSTALL_COMMAND}`,
    };
  }
  if (m.isRoot && m.hasAptGet) {
    return {
      kind: 'install',
      path,
      steps: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', ...PACKAGES],
      ],
    };
  }
  const command = m.hasAptGet
    ? `sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')}`
    : 'install Chromium with your system package manager and set CHROMIUM_PATH to its binary';
  return { kind: 'fail', message: `Chromium is missing at ${path}; the browser tests need it. Run: ${command}` };
}

function onPath(command: string, path = process.env.PATH ?? ''): boolean {
  return path.split(delimiter).some((dir) => {
    if (dir === '') return false;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export function thisMachine(): Machine {
  return {
    chromiumPath: process.env.CHROMIUM_PATH || undefined,
    exists: existsSync,
    isRoot: process.getuid?.() === 0,
    hasAptGet: onPath('apt-get'),
  };
}

export type Run = (command: string, args: readonly string[]) => number | null;

const runInherited: Run = (command, args) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;

/** Carries out the plan; returns the process exit code. */
export function ensureChromium(m: Machine = thisMachine(), run: Run = runInherited): number {
  const plan = planChromium(m);
  if (plan.kind === 'present') return 0;
  if (plan.kind === 'fail') {
    console.error(plan.message);
    return 1;
  }
  console.log(`Chromium is missing at ${plan.path}: installing ${PACKAGES.join(', ')} with apt-get`);
  for (const [command, ...args] of plan.steps) {
    if (run(command!, args) !== 0) {
      console.error(`${[command, ...args].join(' ')} failed; run it by hand: ${INSTALL_COMMAND}`);
      return 1;
    }
  }
  if (!m.exists(plan.path)) {
    console.error(`apt-get installed chromium, but ${plan.path} is still missing; set CHROMIUM_PATH to its binary`);
    return 1;
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(ensureChromium());
