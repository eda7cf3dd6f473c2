#pragma once

// Internal to crypto/: the one libsecp256k1 context. secp256k1.h stays out of headers.
struct secp256k1_context_struct;

namespace ades {

// Created and randomised once, on first use (thread-safe static initialisation). After that libsecp256k1
// only reads it, so signing and recovery may run on any thread concurrently.
const secp256k1_context_struct *secp256k1Context();

} // namespace ades
