#include "VatBatch.h"

#include "VatIdValidator.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "core/ThreadContext.h"
#include "ops/eu/EuSettings.h"

#include <QHash>
#include <QJsonArray>
#include <QPointer>
#include <QTimer>
#include <optional>
#include <vector>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// The length limits of a single VAT ID (vat.check.in.json): an item outside them gets its own 422.
constexpr int MinLength = 4;
constexpr int MaxLength = 32;

struct Item
{
    QString input;
    std::optional<QJsonObject> result;
    std::optional<ServiceError> error;
    int duplicateOf = -1;
};

struct BatchState
{
    std::vector<Item> items;
    int pending = 0; // checks started and not yet answered, plus one while they are being started
    bool finished = false;
    bool vies = true;
    QDateTime startedAt;
    int deadlineMs = 0;
    const Clock *clock = nullptr;
    Completion done;
    QPointer<QTimer> deadline;
};

ServiceError deadlineError(int deadlineMs)
{
    return ServiceError(ServiceError::Kind::Unavailable, u"vies_batch_deadline"_s,
        u"EU VIES did not answer for this VAT ID within the batch's %1 ms (vies/batch_deadline_ms): it was "
        u"too "
        "slow or kept refusing requests (rate limits). Check it again, alone or in a later batch."_s.arg(
            deadlineMs))
        .setRetryable(true)
        .setMissing({ ViesClient::sourceId() });
}

QJsonObject itemJson(int index, const Item &item, const Item &source)
{
    return QJsonObject {
        { u"index"_s, index },
        { u"input"_s, item.input },
        { u"ok"_s, source.result.has_value() },
        { u"result"_s, source.result ? QJsonValue(*source.result) : QJsonValue() },
        { u"error"_s, source.error ? QJsonValue(source.error->toJson()) : QJsonValue() },
        { u"duplicate_of"_s, item.duplicateOf >= 0 ? QJsonValue(item.duplicateOf) : QJsonValue() },
    };
}

void finish(const std::shared_ptr<BatchState> &state)
{
    if (state->finished)
        return;
    state->finished = true;
    if (state->deadline)
        state->deadline->deleteLater();

    QJsonArray items;
    int checked = 0;
    int charged = 0;
    int distinct = 0;
    std::optional<ServiceError> firstUnavailable;
    std::optional<ServiceError> firstError;
    for (size_t i = 0; i < state->items.size(); ++i) {
        Item &item = state->items[i];
        if (item.duplicateOf < 0) {
            ++distinct;
            if (!item.result && !item.error)
                item.error = deadlineError(state->deadlineMs); // still waiting for VIES
            charged += item.result.has_value();
        }
        const Item &source = item.duplicateOf >= 0 ? state->items[size_t(item.duplicateOf)] : item;
        QJsonObject entry = itemJson(int(i), item, source);
        if (source.result) {
            ++checked;
            if (item.duplicateOf >= 0) {
                // The shared check, with this item's own spelling as its input.
                QJsonObject result = *source.result;
                result.insert(u"input"_s, item.input);
                entry.insert(u"result"_s, result);
            }
        } else {
            if (!firstError)
                firstError = *source.error;
            if (!firstUnavailable && source.error->kind() == ServiceError::Kind::Unavailable)
                firstUnavailable = *source.error;
        }
        items.append(entry);
    }

    if (checked == 0) {
        // Nothing delivered: the batch is an uncharged error itself, its items attached.
        const ServiceError &cause = firstUnavailable ? *firstUnavailable : *firstError;
        ServiceError error(cause.kind(), cause.code(),
            u"No VAT ID of the batch could be checked; the first reason: %1"_s.arg(cause.message()));
        error.setRetryable(cause.isRetryable()).setMissing(cause.missing()).setExtra(u"items"_s, items);
        if (!firstUnavailable)
            error.setParam(u"vat_ids"_s);
        return state->done(error);
    }
    const QJsonObject data {
        { u"count"_s, qint64(state->items.size()) },
        { u"distinct"_s, distinct },
        { u"checked"_s, checked },
        { u"failed"_s, qint64(state->items.size()) - checked },
        { u"charged_calls"_s, charged },
        { u"vies"_s, state->vies },
        { u"items"_s, items },
        { u"started_at"_s, isoUtc(state->startedAt) },
        { u"finished_at"_s, isoUtc(state->clock->now()) },
        { u"deadline_ms"_s, state->deadlineMs },
        { u"vies_terms"_s, VatCheck::viesTerms() },
    };
    OperationResult result { data, u"batch of %1 VAT IDs"_s.arg(state->items.size()) };
    result.calls = charged;
    state->done(std::move(result));
}

void settle(const std::shared_ptr<BatchState> &state)
{
    if (--state->pending == 0)
        finish(state);
}

} // namespace

VatBatch::VatBatch(
    const UpstreamClient &upstream, const Settings &settings, const Clock &clock, ViesServices services)
    : m_ownGate(services.gate
            ? nullptr
            : std::make_unique<ViesGate>(ViesGate::Limits { settings.get(EuSettings::ViesMaxConcurrent),
                settings.get(EuSettings::ViesMaxConcurrentPerState) }))
    , m_check(upstream, settings, clock, withGate(services, m_ownGate))
    , m_clock(clock)
    , m_deadlineMs(settings.get(EuSettings::ViesBatchDeadlineMs))
{ }

VatBatch::~VatBatch() = default;

ViesServices VatBatch::withGate(ViesServices services, const std::unique_ptr<ViesGate> &own)
{
    if (!services.gate)
        services.gate = own.get();
    return services;
}

void VatBatch::run(const QJsonObject &arguments, const Completion &done) const
{
    auto state = std::make_shared<BatchState>();
    state->vies = arguments.value(u"vies"_s).toBool(true);
    state->startedAt = m_clock.now();
    state->deadlineMs = m_deadlineMs;
    state->clock = &m_clock;
    state->done = done;

    // One check per distinct VAT ID: the same number twice must not cost VIES (or the caller) twice.
    const QJsonArray ids = arguments.value(u"vat_ids"_s).toArray();
    const VatIdValidator validator;
    QHash<QString, int> firstIndex;
    std::vector<int> toCheck;
    state->items.resize(size_t(ids.size()));
    for (qsizetype i = 0; i < ids.size(); ++i) {
        Item &item = state->items[size_t(i)];
        item.input = ids.at(i).toString();
        const QString param = u"vat_ids[%1]"_s.arg(i);
        if (item.input.size() < MinLength) {
            item.error = ServiceError::unprocessable(
                u"too_short"_s, u"%1: must be at least %2 characters"_s.arg(param).arg(MinLength), param);
            continue;
        }
        if (item.input.size() > MaxLength) {
            item.error = ServiceError::unprocessable(
                u"too_long"_s, u"%1: must be at most %2 characters"_s.arg(param).arg(MaxLength), param);
            continue;
        }
        const VatIdAnalysis analysis = validator.analyse(item.input);
        if (analysis.formatValid) {
            const auto first = firstIndex.constFind(analysis.normalized);
            if (first != firstIndex.cend()) {
                item.duplicateOf = first.value();
                continue;
            }
            firstIndex.insert(analysis.normalized, int(i));
        }
        toCheck.push_back(int(i));
    }

    ViesCheckOptions options;
    options.priority = ViesGate::Priority::Bulk;
    options.retry = true;
    options.deadline = QDeadlineTimer(m_deadlineMs);
    auto *timer = new QTimer(threadContext());
    timer->setSingleShot(true);
    state->deadline = timer;
    QObject::connect(timer, &QTimer::timeout, timer, [state]() { finish(state); });
    timer->start(m_deadlineMs);

    // Counted before any check starts: a check may answer at once (vies=false) and must not finish early.
    state->pending = int(toCheck.size()) + 1;
    for (const int index : toCheck) {
        const QJsonObject checkArguments { { u"vat_id"_s, state->items[size_t(index)].input },
            { u"vies"_s, state->vies } };
        m_check.run(checkArguments, options, [state, index](Outcome outcome) {
            if (state->finished)
                return; // answered after the deadline: the batch already reported it
            Item &item = state->items[size_t(index)];
            if (outcome.ok())
                item.result = outcome.value().data;
            else
                item.error = outcome.error();
            settle(state);
        });
    }
    settle(state);
}

ades::Handler makeVatBatchHandler(
    const UpstreamClient &upstream, const Settings &settings, const Clock &clock, ViesServices services)
{
    auto batch = std::make_shared<const VatBatch>(upstream, settings, clock, services);
    return [batch](const QJsonObject &arguments, const CallContext &, Completion done) {
        batch->run(arguments, done);
    };
}

} // namespace ades::eu
