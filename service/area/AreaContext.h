#pragma once

#include <functional>

namespace ades {

struct AreaDocumentInputs;
class Clock;
class ReceiptVerifier;
class Settings;
class Store;
class UpstreamClient;

// What an area may use from the service around it. Passed in, never global, so a test builds one with a
// fixed clock and loopback upstreams. Everything in it outlives the area.
struct AreaContext
{
    const Settings &settings;
    const Clock &clock;
    const UpstreamClient &upstream;
    const ReceiptVerifier &verifier;
    Store &store;
    // The address, MCP endpoint and payment networks the service serves now, as its discovery documents
    // name them: for an operation that answers with an area document (the AgentLLM product catalog as an
    // MCP tool). Call it when answering, not at registration: the served address is known only then.
    std::function<AreaDocumentInputs()> documentInputs;
};

} // namespace ades
