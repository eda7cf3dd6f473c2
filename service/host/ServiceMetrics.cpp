#include "ServiceMetrics.h"

#include "store/CallRecord.h"

#include <QMutexLocker>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

constexpr QChar Separator = u'\x1f';

// A label value as the text format wants it: backslash, double quote and newline escaped.
QByteArray labelValue(const QString &value)
{
    QByteArray out = value.toUtf8();
    out.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n");
    return out;
}

QByteArray number(double value)
{
    return QByteArray::number(value, 'g', 12);
}

void header(QByteArray &out, const char *name, const char *type, const char *help)
{
    out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n';
}

} // namespace

void ServiceMetrics::requestFinished(const CallRecord &record, const QString &route)
{
    m_inFlight.fetch_sub(1, std::memory_order_relaxed);
    const double seconds = double(record.latencyMs) / 1000.0;
    const QString key = record.channel + Separator + route + Separator + QString::number(record.status);
    const QMutexLocker lock(&m_mutex);
    ++m_requests[key];
    Latency &latency = m_latency[record.channel];
    const auto bucket = std::lower_bound(LatencyBuckets.cbegin(), LatencyBuckets.cend(), seconds);
    if (bucket != LatencyBuckets.cend())
        ++latency.buckets[std::size_t(bucket - LatencyBuckets.cbegin())];
    ++latency.count;
    latency.sum += seconds;
    if (record.priceUnits > 0 && !record.network.isEmpty()) {
        Revenue &revenue = m_revenue[record.network];
        ++revenue.settlements;
        revenue.atomicUnits += record.priceUnits;
    }
}

QByteArray ServiceMetrics::prometheusText(const Gauges &gauges) const
{
    QByteArray out;
    const QMutexLocker lock(&m_mutex);

    header(out, "ades_http_requests_total", "counter",
        "Requests answered, by channel, route (operation id or fixed path) and HTTP status.");
    QStringList keys = m_requests.keys();
    std::sort(keys.begin(), keys.end());
    for (const QString &key : std::as_const(keys)) {
        const QStringList parts = key.split(Separator);
        out += "ades_http_requests_total{channel=\"" + labelValue(parts.value(0)) + "\",route=\""
            + labelValue(parts.value(1)) + "\",status=\"" + labelValue(parts.value(2)) + "\"} "
            + QByteArray::number(m_requests.value(key)) + '\n';
    }

    header(out, "ades_http_request_duration_seconds", "histogram",
        "Time from the request's arrival to its answer, by channel.");
    QStringList channels = m_latency.keys();
    std::sort(channels.begin(), channels.end());
    for (const QString &channel : std::as_const(channels)) {
        const Latency &latency = m_latency[channel];
        const QByteArray label = "channel=\"" + labelValue(channel) + '"';
        quint64 cumulative = 0;
        for (std::size_t i = 0; i < LatencyBuckets.size(); ++i) {
            cumulative += latency.buckets[i];
            out += "ades_http_request_duration_seconds_bucket{" + label + ",le=\"" + number(LatencyBuckets[i])
                + "\"} " + QByteArray::number(cumulative) + '\n';
        }
        out += "ades_http_request_duration_seconds_bucket{" + label + ",le=\"+Inf\"} "
            + QByteArray::number(latency.count) + '\n';
        out += "ades_http_request_duration_seconds_sum{" + label + "} " + number(latency.sum) + '\n';
        out += "ades_http_request_duration_seconds_count{" + label + "} " + QByteArray::number(latency.count)
            + '\n';
    }

    header(out, "ades_settlements_total", "counter",
        "Paid results delivered with a settled payment, by network.");
    QStringList networks = m_revenue.keys();
    std::sort(networks.begin(), networks.end());
    for (const QString &network : std::as_const(networks))
        out += "ades_settlements_total{network=\"" + labelValue(network) + "\"} "
            + QByteArray::number(m_revenue[network].settlements) + '\n';
    // Exact integers: USDC's 6-decimal base units, never a float that rounds.
    header(out, "ades_revenue_usdc_atomic_total", "counter",
        "Revenue of the settled payments in USDC base units (1 USDC = 1000000), by network.");
    for (const QString &network : std::as_const(networks))
        out += "ades_revenue_usdc_atomic_total{network=\"" + labelValue(network) + "\"} "
            + QByteArray::number(m_revenue[network].atomicUnits) + '\n';

    header(out, "ades_http_requests_in_flight", "gauge", "Requests received and not yet answered.");
    out += "ades_http_requests_in_flight " + QByteArray::number(m_inFlight.load(std::memory_order_relaxed))
        + '\n';
    header(out, "ades_worker_threads_active", "gauge", "Busy threads of the shared worker pool.");
    out += "ades_worker_threads_active " + QByteArray::number(gauges.poolActive) + '\n';
    header(out, "ades_worker_threads_max", "gauge", "Size of the shared worker pool.");
    out += "ades_worker_threads_max " + QByteArray::number(gauges.poolMax) + '\n';
    header(out, "ades_store_pending_writes", "gauge",
        "Rows waiting in the store's write-behind queue (call log, receipts, usage and probe counters).");
    out += "ades_store_pending_writes " + QByteArray::number(gauges.pendingWrites) + '\n';
    header(out, "ades_upstream_answers_total", "counter",
        "Upstream requests by source and outcome (success: an answer below 500; failure: none, or a 5xx).");
    for (const UpstreamHealth::Entry &e : gauges.upstreams) {
        const QByteArray source = labelValue(e.source);
        out += "ades_upstream_answers_total{source=\"" + source + "\",outcome=\"success\"} "
            + QByteArray::number(e.successes) + '\n';
        out += "ades_upstream_answers_total{source=\"" + source + "\",outcome=\"failure\"} "
            + QByteArray::number(e.failures) + '\n';
    }
    const auto seconds = [](const QDateTime &at) { return at.isValid() ? at.toSecsSinceEpoch() : qint64(0); };
    header(out, "ades_upstream_last_success_timestamp_seconds", "gauge",
        "When each source last answered (Unix time; 0: not since start).");
    for (const UpstreamHealth::Entry &e : gauges.upstreams)
        out += "ades_upstream_last_success_timestamp_seconds{source=\"" + labelValue(e.source) + "\"} "
            + QByteArray::number(seconds(e.lastSuccess)) + '\n';
    header(out, "ades_upstream_last_failure_timestamp_seconds", "gauge",
        "When each source last failed (Unix time; 0: not since start).");
    for (const UpstreamHealth::Entry &e : gauges.upstreams)
        out += "ades_upstream_last_failure_timestamp_seconds{source=\"" + labelValue(e.source) + "\"} "
            + QByteArray::number(seconds(e.lastFailure)) + '\n';
    header(out, "ades_store_bytes", "gauge", "Space the store takes on disk.");
    out += "ades_store_bytes " + QByteArray::number(gauges.databaseBytes) + '\n';
    return out;
}

} // namespace ades
