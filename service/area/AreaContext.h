#pragma once

namespace ades {

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
};

} // namespace ades
