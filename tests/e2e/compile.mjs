// Compiles contracts/TestUsdc.sol with solc-js (no native compiler needed). evmVersion paris: ganache 7
// predates Cancun, the default target of solc >= 0.8.25.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const solc = require('solc');

export function compileToken() {
    const source = readFileSync(new URL('./contracts/TestUsdc.sol', import.meta.url), 'utf8');
    const input = {
        language: 'Solidity',
        sources: { 'TestUsdc.sol': { content: source } },
        settings: {
            optimizer: { enabled: true, runs: 200 },
            evmVersion: 'paris',
            outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
    };
    const output = JSON.parse(solc.compile(JSON.stringify(input)));
    const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
    if (errors.length > 0)
        throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
    const contract = output.contracts['TestUsdc.sol'].TestUsdc;
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

// The chain-data probes (contracts/ChainProbes.sol): ProbeToken, StringReverter, PanicProbe, CustomErrorProbe.
export function compileChainProbes() {
    const source = readFileSync(new URL('./contracts/ChainProbes.sol', import.meta.url), 'utf8');
    const input = {
        language: 'Solidity',
        sources: { 'ChainProbes.sol': { content: source } },
        settings: {
            optimizer: { enabled: true, runs: 200 },
            evmVersion: 'paris',
            outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
    };
    const output = JSON.parse(solc.compile(JSON.stringify(input)));
    const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
    if (errors.length > 0)
        throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
    const contracts = {};
    for (const [name, contract] of Object.entries(output.contracts['ChainProbes.sol']))
        contracts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    return contracts;
}
