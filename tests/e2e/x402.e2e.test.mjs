// End-to-end x402 payment (payments issue, "An end-to-end test run by the README test command"): the
// unmodified @x402/fetch client pays `ades serve` on a local ganache chain through the official
// @x402/core + @x402/evm facilitator, with a local EIP-3009 token standing in for USDC.
// Environment: ADES_BIN (the ades executable).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { x402Client, x402HTTPClient } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment } from '@x402/fetch';
import { createPublicClient, createWalletClient, defineChain, getAddress, http } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { compileToken } from './compile.mjs';
import { firstStdoutLine, freePort, start, stopAll, waitFor } from './harness.mjs';

const CHAIN_ID = 1337;
const NETWORK = `eip155:${CHAIN_ID}`;
// ganache --wallet.deterministic derives its accounts from this phrase.
const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
const PRICE = 2000n; // eu.iban.check: 0.002 USDC in atomic units
const MINTED = 10_000_000n;
const IBAN_PATH = '/x402/iban/DE89370400440532013000';
const VAT_PATH = '/x402/vat/IE6388047V';
const MCP_TOOL = 'screen_sanctions_eu';
const MCP_PRICE = 10000n; // eu.sanctions.screen over MCP: 0.01 USDC in atomic units
// The combined sanctions snapshot in the shared data folder beside the repository (../shared/data).
const SANCTIONS_SNAPSHOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'data', 'sanctions',
    'index_all_lists.derived.jsonl.gz');

const deployer = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 0 }); // also the facilitator
const payer = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 1 });
const payTo = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 2 }).address;

const require = createRequire(import.meta.url);
const ganacheCli = join(dirname(require.resolve('ganache/package.json')), 'dist', 'node', 'cli.js');

const adesBin = process.env.ADES_BIN;
const timings = {};
let workDir;
let dataDir;
let baseUrl;
let publicClient;
let token;
let abi;
let sanctionsLoaded = false;

async function timed(name, step) {
    const started = performance.now();
    const value = await step();
    timings[name] = Math.round(performance.now() - started);
    return value;
}

async function balances() {
    const [payerBalance, payToBalance] = await Promise.all([payer.address, payTo].map((owner) =>
        publicClient.readContract({ address: token, abi, functionName: 'balanceOf', args: [owner] })));
    return { payer: payerBalance, payTo: payToBalance };
}

function paymentClient(maxAmount = PRICE) {
    const client = new x402Client();
    // 2.27 clients pay only the assets they know by default; the local token is opted in explicitly.
    client.setSpendControls({ allowedAssets: [{ network: NETWORK, asset: token, maxAmountPerPayment: maxAmount.toString() }] });
    registerExactEvmScheme(client, { signer: payer, networks: [NETWORK] });
    return client;
}

// A fetch for the official wrapper that remembers the PAYMENT-SIGNATURE it sent.
function recordingFetch(sent) {
    return async (input, init) => {
        const request = new Request(input, init);
        const signature = request.headers.get('payment-signature');
        if (signature)
            sent.push(signature);
        return fetch(request);
    };
}

// A fresh, unsent payment for `path`, built by the official client from our 402 challenge.
async function freshPaymentHeader(path) {
    const challenge = await fetch(baseUrl + path);
    assert.equal(challenge.status, 402);
    const httpClient = new x402HTTPClient(paymentClient());
    const required = httpClient.getPaymentRequiredResponse((name) => challenge.headers.get(name), await challenge.json());
    const payload = await httpClient.createPaymentPayload(required);
    return httpClient.encodePaymentSignatureHeader(payload);
}

// The EIP-3009 authorization carried by a PAYMENT-SIGNATURE header.
function authorizationOf(signatureHeader) {
    return JSON.parse(Buffer.from(signatureHeader, 'base64').toString('utf8')).payload.authorization;
}

function authorizationUsed(signatureHeader) {
    const { from, nonce } = authorizationOf(signatureHeader);
    return publicClient.readContract({ address: token, abi, functionName: 'authorizationState', args: [from, nonce] });
}

function verifyReceipt(body, name) {
    const file = join(workDir, name);
    writeFileSync(file, body);
    return spawnSync(adesBin, ['verify', file, '--data-dir', dataDir], { encoding: 'utf8' });
}

// One stateless MCP JSON-RPC request to ades serve; returns the parsed JSON-RPC answer.
let mcpId = 0;
async function mcpCall(method, params) {
    const response = await fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++mcpId, method, params }),
    });
    const body = await response.text();
    assert.equal(response.status, 200, body);
    const answer = JSON.parse(body);
    assert.equal(answer.error, undefined, body);
    return answer.result;
}

before(async () => {
    assert.ok(adesBin, 'ADES_BIN must name the ades executable');
    workDir = mkdtempSync(join(tmpdir(), 'ades-e2e-'));
    dataDir = join(workDir, 'data');
    // The paid MCP tool screens names, so it needs the lists; without the shared snapshot only that case skips.
    if (existsSync(SANCTIONS_SNAPSHOT)) {
        const imported = await timed('sanctions_import_ms', async () =>
            spawnSync(adesBin, ['sanctions', 'import', SANCTIONS_SNAPSHOT, '--data-dir', dataDir], { encoding: 'utf8' }));
        assert.equal(imported.status, 0, `ades sanctions import: ${imported.stdout}${imported.stderr}`);
        sanctionsLoaded = true;
    }

    const rpcPort = await freePort();
    const rpcUrl = `http://127.0.0.1:${rpcPort}`;
    const chain = defineChain({
        id: CHAIN_ID,
        name: 'e2e-local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
    });
    const ganache = start('ganache', process.execPath, [ganacheCli, '--chain.chainId', String(CHAIN_ID),
        '--server.host', '127.0.0.1', '--server.port', String(rpcPort), '--wallet.deterministic', '--logging.quiet']);
    publicClient = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 100 });
    const compiled = await timed('compile_ms', async () => compileToken());
    abi = compiled.abi;
    await timed('chain_ready_ms', () => waitFor('the chain', ganache, async () => (await publicClient.getChainId()) === CHAIN_ID, 60000));

    await timed('deploy_mint_ms', async () => {
        const wallet = createWalletClient({ account: deployer, chain, transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 100 });
        const deployHash = await wallet.deployContract({ abi, bytecode: compiled.bytecode, args: ['USD Coin', '2'] });
        const deployed = await publicClient.waitForTransactionReceipt({ hash: deployHash });
        // ganache answers in lower case; offers are compared as exact strings, so use the checksummed form.
        token = getAddress(deployed.contractAddress);
        const mintHash = await wallet.writeContract({ address: token, abi, functionName: 'mint', args: [payer.address, MINTED] });
        await publicClient.waitForTransactionReceipt({ hash: mintHash });
    });

    const facilitator = start('facilitator', process.execPath, [new URL('./facilitator.mjs', import.meta.url).pathname], {
        env: { ...process.env, E2E_RPC_URL: rpcUrl, E2E_CHAIN_ID: String(CHAIN_ID), E2E_FACILITATOR_KEY: toHexKey(deployer) },
    });
    const facilitatorPort = JSON.parse(await firstStdoutLine(facilitator, 60000)).port;

    // Nothing listens here: VAT checks that ask VIES fail after the payment was verified.
    const closedPort = await freePort();
    const adesPort = await freePort();
    baseUrl = `http://127.0.0.1:${adesPort}`;
    const ades = start('ades serve', adesBin, ['serve', '--listen', `127.0.0.1:${adesPort}`, '--data-dir', dataDir], {
        env: {
            ...process.env,
            ADES_X402_PAYTO_EVM: payTo,
            ADES_X402_NETWORKS: 'custom',
            ADES_X402_CUSTOM_CAIP2: NETWORK,
            ADES_X402_CUSTOM_ASSET: token,
            ADES_X402_RPC_CUSTOM: rpcUrl,
            ADES_UPSTREAM_FACILITATOR_BASE_URL: `http://127.0.0.1:${facilitatorPort}`,
            ADES_UPSTREAM_VIES_BASE_URL: `http://127.0.0.1:${closedPort}`,
            // Nothing beyond loopback: no scheduled download of the official sanctions lists.
            ADES_SANCTIONS_REFRESH_HOURS: '0',
        },
    });
    // Ready once the offer is issued: the start-up DOMAIN_SEPARATOR check has accepted the token.
    let lastAnswer = 'no answer';
    await timed('ades_ready_ms', () => waitFor('a 402 challenge from ades serve', ades, async () => {
        const response = await fetch(baseUrl + IBAN_PATH);
        const body = await response.text();
        lastAnswer = `${response.status} ${body}`;
        return response.status === 402 && body.includes(token);
    }, 60000).catch((error) => {
        throw new Error(`${error.message}\nlast answer: ${lastAnswer}`);
    }));
});

after(async () => {
    await stopAll();
    if (workDir)
        rmSync(workDir, { recursive: true, force: true });
    process.stderr.write(`e2e timings (ms): ${JSON.stringify(timings)}\n`);
});

function toHexKey(account) {
    return `0x${Buffer.from(account.getHdKey().privateKey).toString('hex')}`;
}

describe('x402 payment with the official client on a local chain', () => {
    let paidBody;
    let paidSignature;

    test('the official client pays for an IBAN check and gets a verifiable receipt', async () => {
        const before = await balances();
        const sent = [];
        const payingFetch = wrapFetchWithPayment(recordingFetch(sent), paymentClient());
        const response = await timed('paid_request_ms', () => payingFetch(baseUrl + IBAN_PATH));
        paidBody = await response.text();
        assert.equal(response.status, 200, paidBody);
        assert.equal(sent.length, 1, 'the client sends exactly one payment');
        paidSignature = sent[0];

        const settlement = decodePaymentResponseHeader(response.headers.get('payment-response'));
        assert.equal(settlement.success, true);
        assert.equal(settlement.network, NETWORK);
        assert.match(settlement.transaction, /^0x[0-9a-f]{64}$/i);

        const after = await balances();
        assert.equal(before.payer - after.payer, PRICE);
        assert.equal(after.payTo - before.payTo, PRICE);
        assert.equal(await authorizationUsed(paidSignature), true);
        assert.equal(authorizationOf(paidSignature).to, payTo);

        const result = JSON.parse(paidBody);
        assert.equal(result.input, 'DE89370400440532013000');
        assert.equal(result.valid, true);
        assert.equal(typeof result.receipt, 'object');
        const verdict = verifyReceipt(paidBody, 'paid-iban.json');
        assert.equal(verdict.status, 0, `ades verify: ${verdict.stdout}${verdict.stderr}`);
    });

    test('a retried identical request returns the same result without moving money', async () => {
        assert.ok(paidSignature, 'needs the paid request');
        const before = await balances();
        const response = await fetch(baseUrl + IBAN_PATH, { headers: { 'PAYMENT-SIGNATURE': paidSignature } });
        const body = await response.text();
        assert.equal(response.status, 200, body);
        assert.equal(body, paidBody);
        assert.deepEqual(await balances(), before);
    });

    test('two concurrent submissions of one payment settle once', async (t) => {
        const headers = await freshPaymentHeader(IBAN_PATH);
        assert.equal(await authorizationUsed(headers['PAYMENT-SIGNATURE']), false);
        const before = await balances();
        const responses = await timed('concurrent_pair_ms', () =>
            Promise.all([0, 1].map(() => fetch(baseUrl + IBAN_PATH, { headers }))));
        const bodies = await Promise.all(responses.map((response) => response.text()));
        const statuses = responses.map((response) => response.status);
        t.diagnostic(`concurrent statuses: ${statuses.join(', ')}`);
        const delivered = bodies.filter((_, index) => statuses[index] === 200);
        assert.ok(delivered.length >= 1, `statuses ${statuses}: ${bodies.join('\n')}`);
        // The loser either waited for the winner's stored result or was told the payment is in progress.
        for (const [index, status] of statuses.entries()) {
            if (status === 200)
                assert.equal(bodies[index], delivered[0]);
            else
                assert.match(bodies[index], /payment_in_progress/, `status ${status}: ${bodies[index]}`);
        }
        const after = await balances();
        assert.equal(before.payer - after.payer, PRICE);
        assert.equal(after.payTo - before.payTo, PRICE);
        assert.equal(verifyReceipt(delivered[0], 'concurrent-iban.json').status, 0);
    });

    test('a call that fails after the payment was verified moves no money', async () => {
        const before = await balances();
        const sent = [];
        const payingFetch = wrapFetchWithPayment(recordingFetch(sent), paymentClient());
        const response = await payingFetch(baseUrl + VAT_PATH);
        const body = await response.text();
        assert.equal(sent.length, 1, 'the client paid, so the failure came after verification');
        assert.equal(response.status, 503, body);
        assert.match(body, /vies/);
        assert.equal(response.headers.get('payment-response'), null);
        assert.deepEqual(await balances(), before);
        assert.equal(await authorizationUsed(sent[0]), false, 'the authorization stays unused');
    });

    test('the official client pays for a sanctions screening over MCP', async (t) => {
        if (!sanctionsLoaded) {
            t.skip(`the shared sanctions snapshot is absent (${SANCTIONS_SNAPSHOT}); the paid MCP tool needs loaded lists`);
            return;
        }
        const args = { name: 'Vladimir Putin' };
        const challenge = await mcpCall('tools/call', { name: MCP_TOOL, arguments: args });
        assert.equal(challenge.isError, true, JSON.stringify(challenge));
        const paymentRequired = challenge.structuredContent;
        assert.equal(paymentRequired.x402Version, 2, JSON.stringify(paymentRequired));
        assert.equal(paymentRequired.resource.url, `mcp://tool/${MCP_TOOL}`);
        const offer = paymentRequired.accepts[0];
        assert.equal(offer.network, NETWORK);
        assert.equal(offer.asset, token);
        assert.equal(offer.payTo, payTo);
        assert.equal(BigInt(offer.amount), MCP_PRICE);

        const payload = await paymentClient(MCP_PRICE).createPaymentPayload(paymentRequired);
        const before = await balances();
        const paid = await timed('paid_mcp_call_ms', () =>
            mcpCall('tools/call', { name: MCP_TOOL, arguments: args, _meta: { 'x402/payment': payload } }));
        assert.notEqual(paid.isError, true, JSON.stringify(paid));

        const settlement = paid._meta?.['x402/payment-response'];
        assert.ok(settlement, `no x402/payment-response in ${JSON.stringify(paid._meta)}`);
        assert.equal(settlement.success, true, JSON.stringify(settlement));
        assert.match(settlement.transaction, /^0x[0-9a-f]{64}$/i);

        const after = await balances();
        assert.equal(before.payer - after.payer, MCP_PRICE);
        assert.equal(after.payTo - before.payTo, MCP_PRICE);
        assert.equal(await publicClient.readContract({ address: token, abi, functionName: 'authorizationState',
            args: [payload.payload.authorization.from, payload.payload.authorization.nonce] }), true);

        const result = paid.structuredContent;
        assert.equal(result.result, 'potential_match', JSON.stringify(result));
        assert.equal(typeof result.receipt, 'object');
        const verdict = verifyReceipt(JSON.stringify(result), 'paid-mcp-sanctions.json');
        assert.equal(verdict.status, 0, `ades verify: ${verdict.stdout}${verdict.stderr}`);
    });
});
