// End-to-end chain data (issue 16): every chain operation of `ades call` against a real EVM (ganache,
// started with Base's chain id 8453 and configured as the only endpoint of chain `base`), with contracts this
// test deploys: an ERC-20 with an allowance, and one contract per revert kind (Error(string), Panic, a
// custom error). Checks exact balances, a stuck nonce made by a gap, reverted transactions decoded by
// replay, preflight `block` for an insufficient balance and `review` for a check that cannot run, the
// proxy's allow-list and eth_sendRawTransaction, and the pool's failover past endpoints that time out,
// answer 429 and answer a wrong chain id.
// Environment: ADES_BIN (the ades executable).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
    createPublicClient, createWalletClient, defineChain, encodeFunctionData, getAddress, http, keccak256, parseEther, toHex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { compileChainProbes } from './compile.mjs';
import { freePort, start, stopAll, waitFor } from './harness.mjs';

const CHAIN_ID = 8453; // ganache speaks as Base, so the pool's eth_chainId check accepts it
const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
const SUPPLY = 1_000_000_000n; // 1000 PRB (6 decimals)
const ALLOWANCE = 100_000_000n; // 100 PRB

const deployer = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 0 });
const spender = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 2 });
const gapper = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 3 });
const empty = '0x00000000000000000000000000000000000000aa'; // never used: balance 0

const require = createRequire(import.meta.url);
const ganacheCli = join(dirname(require.resolve('ganache/package.json')), 'dist', 'node', 'cli.js');
const adesBin = process.env.ADES_BIN;

let workDir;
let rpcUrl;
let chain;
let publicClient;
let wallet;
let probes;
const deployed = {};
const txs = {};
let faults;

// One `ades call` in its own process (the CLI channel runs the same catalog handlers as x402 and MCP).
function call(operation, args, env = {}) {
    const argv = ['call', operation, ...Object.entries(args).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`),
        `--data-dir=${join(workDir, 'data')}`];
    return new Promise((resolve) => {
        execFile(adesBin, argv, {
            env: { ...process.env, ADES_CHAIN_BASE_ENDPOINTS: rpcUrl, ADES_SANCTIONS_REFRESH_HOURS: '0', ...env },
            timeout: 60000,
        }, (error, stdout, stderr) => {
            const text = error ? stderr : stdout;
            let json;
            try {
                json = JSON.parse(text.slice(text.indexOf('{')));
            } catch {
                json = { unparsed: `${stdout}${stderr}` };
            }
            resolve({ ok: !error, json });
        });
    });
}

async function ok(operation, args, env) {
    const r = await call(operation, args, env);
    assert.ok(r.ok, `${operation}: ${JSON.stringify(r.json)}`);
    assert.equal(r.json.contract ?? r.json.chain_data?.contract, 'agent-chain-data/1');
    return r.json;
}

async function deploy(name, args = []) {
    const hash = await wallet.deployContract({ abi: probes[name].abi, bytecode: probes[name].bytecode, args });
    return getAddress((await publicClient.waitForTransactionReceipt({ hash })).contractAddress);
}

// A transaction that reverts on chain: explicit gas, so nothing estimates (and refuses) it first.
async function mineReverted(name, functionName, args = []) {
    const hash = await wallet.sendTransaction({
        to: deployed[name], data: encodeFunctionData({ abi: probes[name].abi, functionName, args }), gas: 200_000n,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, 'reverted');
    return hash;
}

// Endpoints that fail the way public nodes do: one never answers, one answers 429, one is another chain.
async function startFaultyEndpoints() {
    const servers = [];
    const listen = async (handler) => {
        const server = createServer(handler);
        const port = await freePort();
        await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
        servers.push(server);
        return `http://127.0.0.1:${port}/`;
    };
    const silent = await listen(() => {}); // holds the request until the client gives up
    const limited = await listen((req, res) => {
        res.writeHead(429, { 'Content-Type': 'text/plain' });
        res.end('Too Many Requests');
    });
    const otherChain = await listen((req, res) => {
        let body = '';
        req.on('data', (chunk) => { body += chunk; });
        req.on('end', () => {
            const calls = JSON.parse(body);
            const answer = (c) => ({ jsonrpc: '2.0', id: c.id, result: c.method === 'eth_chainId' ? '0x1' : '0x0' });
            res.writeHead(200, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
        });
    });
    return { silent, limited, otherChain, close: () => servers.forEach((s) => s.closeAllConnections?.() ?? s.close()) };
}

before(async () => {
    assert.ok(adesBin, 'ADES_BIN must name the ades executable');
    workDir = mkdtempSync(join(tmpdir(), 'ades-chain-e2e-'));
    const port = await freePort();
    rpcUrl = `http://127.0.0.1:${port}/`;
    chain = defineChain({ id: CHAIN_ID, name: 'ganache-as-base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } } });
    const ganache = start('ganache', process.execPath, [ganacheCli, '--chain.chainId', String(CHAIN_ID), '--server.host', '127.0.0.1',
        '--server.port', String(port), '--wallet.deterministic', '--logging.quiet',
        // strict: a send answers with the hash at once; eager would hold the gapped transaction's answer forever.
        '--miner.instamine', 'strict']);
    publicClient = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 100 });
    wallet = createWalletClient({ account: deployer, chain, transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 100 });
    probes = compileChainProbes();
    await waitFor('ganache', ganache, async () => (await publicClient.getChainId()) === CHAIN_ID, 60000);

    deployed.ProbeToken = await deploy('ProbeToken', [SUPPLY]);
    deployed.StringReverter = await deploy('StringReverter');
    deployed.PanicProbe = await deploy('PanicProbe');
    deployed.CustomErrorProbe = await deploy('CustomErrorProbe');
    txs.approve = await wallet.writeContract({ address: deployed.ProbeToken, abi: probes.ProbeToken.abi, functionName: 'approve',
        args: [spender.address, ALLOWANCE] });
    await publicClient.waitForTransactionReceipt({ hash: txs.approve });
    txs.stringRevert = await mineReverted('StringReverter', 'fail');
    txs.panicRevert = await mineReverted('PanicProbe', 'divide', [1n, 0n]);
    txs.assertRevert = await mineReverted('PanicProbe', 'check', [false]);
    txs.customRevert = await mineReverted('CustomErrorProbe', 'deny');

    // A nonce gap: the gapper signs its nonce 1 while nonce 0 was never sent, so that one waits in the pool.
    await wallet.sendTransaction({ to: gapper.address, value: parseEther('1') });
    const gapped = await gapper.signTransaction({ chainId: CHAIN_ID, type: 'eip1559', to: empty, value: 1n, nonce: 1, gas: 21000n,
        maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n });
    await publicClient.request({ method: 'eth_sendRawTransaction', params: [gapped] });
    faults = await startFaultyEndpoints();
});

after(async () => {
    faults?.close();
    await stopAll();
    if (workDir)
        rmSync(workDir, { recursive: true, force: true });
});

describe('chain data against ganache', () => {
    test('wallet-balance: exact wei, decimal ETH, nonces, observed block', async () => {
        const r = await ok('chain.wallet.balance', { address: deployer.address });
        assert.equal(r.balance_wei, (await publicClient.getBalance({ address: deployer.address })).toString());
        assert.equal(r.nonce_latest, String(await publicClient.getTransactionCount({ address: deployer.address })));
        assert.equal(r.chain, 'base');
        assert.equal(r.chain_id, CHAIN_ID);
        assert.equal(r.endpoint, rpcUrl);
        assert.equal(BigInt(r.observed_block), await publicClient.getBlockNumber());
        const zero = await ok('chain.wallet.balance', { address: empty });
        assert.equal(zero.balance_wei, '0');
        assert.equal(zero.balance, '0');
    });

    test('wallet-balance: unknown chain 422 listing the five, bad checksum 400', async () => {
        let r = await call('chain.wallet.balance', { address: deployer.address, chain: 'solana' });
        assert.equal(r.ok, false);
        assert.equal(r.json.status_code, 422);
        assert.deepEqual(r.json.accepted, ['base', 'ethereum', 'arbitrum', 'optimism', 'polygon']);
        const mangled = deployer.address.slice(0, 2) + deployer.address.slice(2).split('').map((c) =>
            (/[a-f]/.test(c) ? c.toUpperCase() : c.toLowerCase())).join('');
        r = await call('chain.wallet.balance', { address: mangled });
        assert.equal(r.json.status_code, 400);
        assert.equal(r.json.error_code, 'address_checksum');
    });

    test('token: balance, allowance, decimals, symbol and would_succeed', async () => {
        const base = { token: deployed.ProbeToken, owner: deployer.address, spender: spender.address };
        let r = await ok('chain.token.check', { ...base, amount: '50' });
        assert.equal(r.balance_atomic, SUPPLY.toString());
        assert.equal(r.balance, '1000');
        assert.equal(r.allowance_atomic, ALLOWANCE.toString());
        assert.equal(r.decimals, 6);
        assert.equal(r.symbol, 'PRB');
        assert.equal(r.would_succeed, true);
        r = await ok('chain.token.check', { ...base, amount: '150' });
        assert.equal(r.would_succeed, false);
        assert.equal(r.blocking_reason, 'allowance');
        r = await ok('chain.token.check', { ...base, amount: '2000' });
        assert.equal(r.blocking_reason, 'balance');
        // A contract that is no token: every read absent and named, never zero.
        r = await ok('chain.token.check', { token: deployed.StringReverter, owner: deployer.address, amount: '1' });
        assert.equal(r.decimals, null);
        assert.equal(r.balance_atomic, null);
        assert.equal(r.would_succeed, null);
        assert.ok(r.notes.length >= 3);
    });

    test('gas-estimate: fees and eth_estimateGas of a token transfer', async () => {
        const data = encodeFunctionData({ abi: probes.ProbeToken.abi, functionName: 'transfer', args: [spender.address, 1n] });
        const r = await ok('chain.gas.estimate', { sender: deployer.address, to: deployed.ProbeToken, data });
        const expected = await publicClient.estimateGas({ account: deployer.address, to: deployed.ProbeToken, data });
        assert.equal(r.estimate.gas_limit, expected.toString());
        assert.ok(BigInt(r.estimate.execution_fee_wei) > 0n);
        assert.ok(r.fees.gas_price_wei);
        // The base fee comes from eth_feeHistory: the node's own latest block must agree.
        const latest = await publicClient.getBlock();
        assert.equal(r.fees.base_fee_wei, latest.baseFeePerGas.toString());
        assert.deepEqual(r.excluded_components, ['l1_data_fee', 'operator_fee']); // base is a rollup
        const reverting = await ok('chain.gas.estimate', { to: deployed.StringReverter,
            data: encodeFunctionData({ abi: probes.StringReverter.abi, functionName: 'fail' }) });
        assert.equal(reverting.estimate.reverts, true);
    });

    test('tx: success with gas and fee, reverts decoded by replay', async () => {
        let r = await ok('chain.tx.status', { tx_hash: txs.approve });
        const receipt = await publicClient.getTransactionReceipt({ hash: txs.approve });
        assert.equal(r.status, 'success');
        assert.equal(r.block, receipt.blockNumber.toString());
        assert.equal(r.gas_used, receipt.gasUsed.toString());
        assert.equal(r.fee_paid_wei, (receipt.gasUsed * receipt.effectiveGasPrice).toString());
        assert.ok(BigInt(r.confirmations) >= 1n);

        r = await ok('chain.tx.status', { tx_hash: txs.stringRevert });
        assert.equal(r.status, 'reverted');
        assert.equal(r.revert_reason.kind, 'error_string');
        assert.equal(r.revert_reason.message, 'probe: refused on purpose');
        r = await ok('chain.tx.status', { tx_hash: txs.panicRevert });
        assert.equal(r.revert_reason.kind, 'panic');
        assert.equal(r.revert_reason.panic_code, '0x12');
        assert.equal(r.revert_reason.panic_meaning, 'division or modulo by zero');
        r = await ok('chain.tx.status', { tx_hash: txs.assertRevert });
        assert.equal(r.revert_reason.panic_code, '0x01');
        r = await ok('chain.tx.status', { tx_hash: txs.customRevert });
        assert.equal(r.revert_reason.kind, 'custom_error');
        assert.equal(r.revert_reason.selector, keccak256(toHex('Denied(address,uint256)')).slice(0, 10));
    });

    test('contract-info: contract, EOA, precompile; never ownership', async () => {
        let r = await ok('chain.contract.info', { address: deployed.ProbeToken });
        assert.equal(r.address_type, 'deployed_contract');
        assert.ok(r.code_size > 0);
        assert.match(r.ownership, /^not determined/);
        r = await ok('chain.contract.info', { address: deployer.address });
        assert.equal(r.address_type, 'eoa_or_empty');
        assert.equal(r.transaction_count, String(await publicClient.getTransactionCount({ address: deployer.address })));
        r = await ok('chain.contract.info', { address: '0x0000000000000000000000000000000000000001' });
        assert.equal(r.address_type, 'precompile_or_system_address');
    });

    test('preflight: block for an insufficient balance', async () => {
        const r = await ok('chain.tx.preflight', { sender: empty, to: deployer.address, value_eth: '1' });
        assert.equal(r.decision, 'block');
        assert.equal(r.checks.find((c) => c.name === 'gas_vs_balance').status, 'fail');
    });

    test('preflight: review when a check cannot run (no sanctions lists here), block on a revert', async () => {
        let r = await ok('chain.tx.preflight', { sender: deployer.address, to: spender.address, value_eth: '0.01' });
        assert.equal(r.decision, 'review');
        const status = Object.fromEntries(r.checks.map((c) => [c.name, c.status]));
        assert.equal(status.sanctions_screen, 'unknown');
        assert.equal(status.gas_vs_balance, 'pass');
        assert.equal(status.simulation, 'pass');
        assert.ok(r.unknowns.some((u) => u.check === 'sanctions_screen'));

        r = await ok('chain.tx.preflight', { sender: deployer.address, to: deployed.StringReverter,
            data: encodeFunctionData({ abi: probes.StringReverter.abi, functionName: 'fail' }) });
        assert.equal(r.decision, 'block');
        const simulation = r.checks.find((c) => c.name === 'simulation');
        assert.equal(simulation.evidence.revert.message, 'probe: refused on purpose');

        // transferFrom by the spender beyond its allowance: the allowance check blocks.
        r = await ok('chain.tx.preflight', { sender: deployer.address, to: deployed.ProbeToken, token: deployed.ProbeToken,
            amount: '150', spender: spender.address });
        assert.equal(r.checks.find((c) => c.name === 'erc20_allowance').status, 'fail');
        assert.equal(r.decision, 'block');
    });

    test('preflight and wallet-balance: the stuck nonce made by a gap', async () => {
        const wallet = await ok('chain.wallet.balance', { address: gapper.address });
        const r = await ok('chain.tx.preflight', { sender: gapper.address, to: deployer.address, value_eth: '0.001' });
        const nonces = r.checks.find((c) => c.name === 'stuck_nonces');
        // The gapped transaction is queued, not pending: the pending nonce stays 0 (as on geth), and only the
        // node's pool (txpool_content on ganache) shows it.
        assert.equal(wallet.nonce_pending, '0');
        assert.equal(nonces.status, 'warn', JSON.stringify(nonces));
        assert.equal(nonces.evidence.queued_behind_gap, 1);
        assert.equal(r.decision, 'review');
    });

    test('rpc proxy: single, batch, eth_sendRawTransaction, reverts decoded, allow-list', async () => {
        let r = await ok('chain.rpc.proxy', { request: { jsonrpc: '2.0', id: 'a', method: 'eth_chainId', params: [] } });
        assert.equal(r.id, 'a');
        assert.equal(r.result, '0x2105');
        r = await ok('chain.rpc.proxy', { request: [
            { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [empty, 'latest'] },
            { jsonrpc: '2.0', id: 2, method: 'eth_call', params: [{ to: deployed.PanicProbe,
                data: encodeFunctionData({ abi: probes.PanicProbe.abi, functionName: 'check', args: [false] }) }, 'latest'] },
        ] });
        assert.equal(r.responses[0].result, '0x0');
        assert.equal(r.chain_data.reverts[0].id, 2);
        assert.equal(r.chain_data.reverts[0].revert.panic_code, '0x01');

        const signed = await spender.signTransaction({ chainId: CHAIN_ID, type: 'eip1559', to: empty, value: 5n,
            nonce: await publicClient.getTransactionCount({ address: spender.address }), gas: 21000n,
            maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n });
        r = await ok('chain.rpc.proxy', { request: { jsonrpc: '2.0', id: 9, method: 'eth_sendRawTransaction', params: [signed] } });
        assert.match(r.result, /^0x[0-9a-f]{64}$/);
        await publicClient.waitForTransactionReceipt({ hash: r.result });
        assert.equal(await publicClient.getBalance({ address: empty }), 5n);

        const refused = await call('chain.rpc.proxy', { request: { jsonrpc: '2.0', id: 3, method: 'eth_sendTransaction',
            params: [{ from: deployer.address, to: empty, value: '0x1' }] } });
        assert.equal(refused.ok, false);
        assert.equal(refused.json.status_code, 422);
        assert.equal(refused.json.rpc_response.error.code, -32601);
        assert.equal(await publicClient.getBalance({ address: empty }), 5n); // nothing was sent
    });

    test('pool failover past a timeout, a 429 and a wrong chain id', async () => {
        const env = { ADES_CHAIN_BASE_ENDPOINTS: [faults.silent, faults.limited, faults.otherChain, rpcUrl].join(','),
            ADES_UPSTREAM_EVM_BASE_TIMEOUT_MS: '1000' };
        const r = await ok('chain.wallet.balance', { address: deployer.address }, env);
        assert.equal(r.endpoint, rpcUrl);
        assert.equal(r.balance_wei, (await publicClient.getBalance({ address: deployer.address })).toString());
        assert.deepEqual(r.failover.map((f) => f.endpoint), [faults.silent, faults.limited, faults.otherChain]);
        assert.match(r.failover[1].problem, /429/);
        assert.match(r.failover[2].problem, /chain id 1, expected 8453/);

        const down = await call('chain.wallet.balance', { address: deployer.address },
            { ADES_CHAIN_BASE_ENDPOINTS: faults.limited });
        assert.equal(down.ok, false);
        assert.equal(down.json.status_code, 503);
        assert.deepEqual(down.json.missing, ['evm-base']);
        assert.equal(down.json.charged, false);
    });
});
