#pragma once

#include "host/NotInAreas.h"
#include "upstream/UpstreamHealth.h"

#include <QByteArray>
#include <QHash>
#include <QMutex>
#include <QString>
#include <array>
#include <atomic>

namespace ades {

struct CallRecord;

// What this instance has served since it started, in the Prometheus text format (docs/deployment.md,
// "Metrics"): requests by channel, route and status, latency histograms by channel, settlements and revenue
// by network, and the depths of what is in flight. Per instance, as Prometheus expects: the scraper adds
// the instances up. Labels never carry what a client wrote: the route is the operation id, or the fixed path
// a channel served, or "*".
class ServiceMetrics
{
public:
    // Upper bounds of the latency buckets, in seconds.
    static constexpr std::array<double, 12> LatencyBuckets { 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
        5, 10, 30 };

    void requestStarted() { m_inFlight.fetch_add(1, std::memory_order_relaxed); }
    qint64 inFlight() const { return m_inFlight.load(std::memory_order_relaxed); }
    // `route`: the label for the request (see above). Thread-safe; called once per answered request.
    void requestFinished(const CallRecord &record, const QString &route);

    // Gauges read when the document is rendered.
    struct Gauges
    {
        int poolActive = 0; // busy threads of the shared pool (OCR, extraction, signing work)
        int poolMax = 0;
        qint64 databaseBytes = 0;
        int pendingWrites = 0; // rows in the store's write-behind queue
        QList<UpstreamHealth::Entry> upstreams; // every registered source, as the upstream client saw it
    };
    QByteArray prometheusText(const Gauges &gauges) const;

private:
    struct Latency
    {
        std::array<quint64, LatencyBuckets.size()> buckets {};
        quint64 count = 0;
        double sum = 0;
    };
    struct Revenue
    {
        quint64 settlements = 0;
        qint64 atomicUnits = 0;
    };

    std::atomic<qint64> m_inFlight { 0 };
    mutable QMutex m_mutex;
    QHash<QString, quint64> m_requests; // "channel\x1froute\x1fstatus" -> count
    QHash<QString, Latency> m_latency; // channel -> histogram
    QHash<QString, Revenue> m_revenue; // CAIP-2 network -> settled
};

} // namespace ades
