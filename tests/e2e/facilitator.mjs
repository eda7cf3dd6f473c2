// The x402 facilitator of the end-to-end test, run as its own process: the official @x402/core facilitator
// with the @x402/evm exact scheme, settling on the local chain. Prints {"port":N} once it listens.
// Environment: E2E_RPC_URL, E2E_CHAIN_ID, E2E_FACILITATOR_KEY.
import { createServer } from 'node:http';
import { x402Facilitator } from '@x402/core/facilitator';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import { createWalletClient, defineChain, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const rpcUrl = process.env.E2E_RPC_URL;
const chainId = Number(process.env.E2E_CHAIN_ID);
const account = privateKeyToAccount(process.env.E2E_FACILITATOR_KEY);
const chain = defineChain({
    id: chainId,
    name: 'e2e-local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
});
// pollingInterval: the 4 s default makes every settle wait seconds for its receipt on a chain that mines
// at once. retryCount 0: a reverting settle would otherwise take ~10 s of retries.
const client = createWalletClient({ account, chain, transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 100 })
    .extend(publicActions);
const signer = toFacilitatorEvmSigner(Object.assign(client, { address: account.address }), { confirmationTimeoutMs: 30000 });
const facilitator = new x402Facilitator().register(`eip155:${chainId}`, new ExactEvmScheme(signer));

// One account sends every settle transaction; concurrent sends collide on its tx nonce on ganache.
let settleQueue = Promise.resolve();
function serialised(task) {
    const result = settleQueue.then(task, task);
    settleQueue = result.catch(() => {});
    return result;
}

function readBody(request) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        request.on('data', (chunk) => chunks.push(chunk));
        request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        request.on('error', reject);
    });
}

function reply(response, status, body) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
}

const server = createServer(async (request, response) => {
    try {
        if (request.method === 'GET' && request.url === '/supported')
            return reply(response, 200, facilitator.getSupported());
        if (request.method !== 'POST' || (request.url !== '/verify' && request.url !== '/settle'))
            return reply(response, 404, { error: 'not_found' });
        const body = JSON.parse(await readBody(request));
        const answer = request.url === '/verify'
            ? await facilitator.verify(body.paymentPayload, body.paymentRequirements)
            : await serialised(() => facilitator.settle(body.paymentPayload, body.paymentRequirements));
        process.stderr.write(`facilitator ${request.url} ${JSON.stringify({ isValid: answer.isValid, success: answer.success, reason: answer.invalidReason ?? answer.errorReason })}\n`);
        return reply(response, 200, answer);
    } catch (error) {
        process.stderr.write(`facilitator ${request.url} failed: ${error?.message ?? error}\n`);
        return reply(response, 500, { error: String(error?.message ?? error) });
    }
});
server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
