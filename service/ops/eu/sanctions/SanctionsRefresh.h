#pragma once

#include <QList>
#include <functional>

namespace ades {
class Clock;
class UpstreamClient;
struct UpstreamSource;
} // namespace ades

namespace ades::eu {

class SanctionsLists;

// Downloads the three official lists through the upstream client (sources sanctions-eu, sanctions-un,
// sanctions-uk; official URLs by default, each configurable) and hands each to SanctionsLists, which keeps
// the previous list whenever a download fails or is not sane. Runs on the calling thread's event loop.
class SanctionsRefresh
{
public:
    static QList<UpstreamSource> sourceDefaults();

    SanctionsRefresh(const UpstreamClient &upstream, SanctionsLists &lists, const Clock &clock);
    // `done(accepted, refused)` once all three answered.
    void run(std::function<void(int accepted, int refused)> done) const;

private:
    const UpstreamClient &m_upstream;
    SanctionsLists &m_lists;
    const Clock &m_clock;
};

} // namespace ades::eu
