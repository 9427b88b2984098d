import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureChromium, INSTALL_COMMAND, planChromium, type Machine } from './ensure-chromium.ts';

const machine = (over: Partial<Machine> & { present?: string[] }): Machine => ({
  chromiumPath: undefined,
  exists: (p) => (over.present ?? []).includes(p),
  isRoot: false,
  hasAptGet: true,
  ...over,
});

describe('what npm run test:e2e does about the browser', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('nothing when Chromium is there, at /usr/bin/chromium or at CHROMIUM_PATH', () => {
    expect(planChromium(machine({ present: ['/usr/bin/chromium'], isRoot: true }))).toEqual({
      kind: 'present',
      path: '/usr/bin/chromium',
    });
    expect(planChromium(machine({ chromiumPath: '/opt/c/chrome', present: ['/opt/c/chrome'] }))).toMatchObject({
      kind: 'present',
      path: '/opt/c/chrome',
    });
  });

  it('missing, as root with apt-get: installs chromium and the Thai and CJK fonts, as CI does', () => {
    expect(planChromium(machine({ isRoot: true }))).toEqual({
      kind: 'install',
      path: '/usr/bin/chromium',
      steps: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium', 'fonts-thai-tlwg', 'fonts-noto-cjk'],
      ],
    });
    expect(INSTALL_COMMAND).toBe('apt-get update && apt-get install -y chromium fonts-thai-tlwg fonts-noto-cjk');
  });

  it('missing, not root: fails at once with the one command to run', () => {
    const plan = planChromium(machine({ isRoot: false }));
    expect(plan).toMatchObject({ kind: 'fail' });
    expect(plan.kind === 'fail' && plan.message).toContain(
      'sudo apt-get update && sudo apt-get install -y chromium fonts-thai-tlwg fonts-noto-cjk',
    );
  });

  it('missing, root without apt-get: fails and says to set CHROMIUM_PATH', () => {
    const plan = planChromium(machine({ isRoot: true, hasAptGet: false }));
    expect(plan.kind === 'fail' && plan.message).toContain('set CHROMIUM_PATH');
  });

  it('CHROMIUM_PATH pointing at nothing: fails rather than install where it does not point', () => {
    const plan = planChromium(machine({ chromiumPath: '/opt/c/chrome', isRoot: true }));
    expect(plan.kind === 'fail' && plan.message).toContain('CHROMIUM_PATH=/opt/c/chrome');
  });

  it('runs the steps in order and succeeds once the browser is there; any failed step or a still-missing browser exits 1', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const installed = new Set<string>();
    const ran: string[] = [];
    const m = machine({ isRoot: true, exists: (p) => installed.has(p) });
    const ok = ensureChromium(m, (command, args) => {
      ran.push([command, ...args].join(' '));
      if (args[0] === 'install') installed.add('/usr/bin/chromium');
      return 0;
    });
    expect(ok).toBe(0);
    expect(ran).toEqual(['apt-get update', 'apt-get install -y chromium fonts-thai-tlwg fonts-noto-cjk']);

    const calls: string[] = [];
    const failing = (_command: string, args: readonly string[]) => {
      calls.push(args[0]!);
      return 100;
    };
    expect(ensureChromium(machine({ isRoot: true }), failing)).toBe(1);
    expect(calls).toEqual(['update']);
    expect(ensureChromium(machine({ isRoot: true }), () => 0)).toBe(1);
    expect(ensureChromium(machine({ isRoot: false }), () => 0)).toBe(1);
    expect(ensureChromium(machine({ present: ['/usr/bin/chromium'] }), () => 1)).toBe(0);
  });
});
