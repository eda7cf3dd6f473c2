#pragma once

namespace ades {

class Clock;
class ReceiptVerifier;
class Settings;
class UpstreamClient;
namespace eu {
class SanctionsLists;
}

// What operation handlers may use. Passed in, never global, so tests build one with a fixed clock and
// loopback upstreams (STYLE.md §6).
struct OpsContext
{
    const Settings &settings;
    const Clock &clock;
    const UpstreamClient &upstream;
    const ReceiptVerifier &verifier;
    const eu::SanctionsLists &sanctions;
};

} // namespace ades
