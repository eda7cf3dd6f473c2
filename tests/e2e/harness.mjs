// Process plumbing of the end-to-end test: free loopback ports, child processes that are always killed,
// readiness polling.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

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
