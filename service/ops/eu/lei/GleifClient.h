#pragma once

#include "core/Result.h"
#include "upstream/UpstreamClient.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMutex>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>

namespace ades {
class Clock;
class Settings;
} // namespace ades

namespace ades::eu {

// One LEI record of the GLEIF API (JSON:API resource "lei-records"), reduced to what a counterparty check
// reads. Strings are empty where GLEIF sent null.
struct GleifRecord
{
    // The counterparty traffic light of ../shared/reference/eu-vat.md §7.2: ISSUED + ACTIVE green, LAPSED
    // amber, RETIRED / ANNULLED / MERGED / DUPLICATE or entity INACTIVE red; PENDING_* (a record in
    // transfer or being archived) and any status GLEIF adds later amber, never green.
    enum class Standing
    {
        Good,
        Lapsed,
        Pending,
        Ended,
        Unknown,
    };

    QString lei;
    QString legalName;
    QStringList otherNames; // other and transliterated names, previous legal names included
    QString legalCountry; // entity.legalAddress.country, ISO 3166 alpha-2
    QString legalCity;
    QString jurisdiction;
    QString category;
    QString legalFormId; // ISO 20275 ELF code
    QString registeredAt; // registration authority code (RA000242)
    QString registeredAs; // the register's number (HRB 7042)
    QString entityStatus; // ACTIVE, INACTIVE
    QString registrationStatus; // ISSUED, LAPSED, RETIRED, ...
    QString initialRegistrationDate;
    QString lastUpdateDate;
    QString nextRenewalDate;
    QString corroborationLevel;
    QString managingLou;
    QString successorLei; // set when the entity was merged or succeeded
    QString successorName;

    Standing standing() const;
    static QString standingName(Standing standing); // "good", "lapsed", "pending", "ended", "unknown"
    // The result form (snake_case members).
    QJsonObject toJson() const;
};

// What GLEIF answered: one record for a lookup (none when GLEIF has no such LEI), the matching records
// for a search.
struct GleifAnswer
{
    bool found = false;
    QList<GleifRecord> records;
    QString publishDate; // meta.goldenCopy.publishDate: the data's as-of date; empty when absent
    QJsonObject snapshot; // UpstreamResponse::snapshot of the call (its fetched_at: when GLEIF answered)
    bool fromCache = false; // reused from an earlier call within gleif/cache_minutes
};

// The GLEIF LEI API through UpstreamClient (source id "gleif"; no key; JSON:API). It parses and classifies,
// never decides: a 5xx, a rate limit (429) or a body that is not the documented JSON:API shape is a 503
// naming "gleif", never "not found". Answers with records are kept for gleif/cache_minutes (GLEIF asks for
// about 60 requests a minute at most); errors and "no such LEI" are never kept. Thread-safe: one client
// serves every I/O thread.
class GleifClient
{
public:
    // Defaults of source "gleif" for UpstreamClient::addSource(): https://api.gleif.org/api/v1.
    static UpstreamSource sourceDefaults();
    static QString sourceId();

    // Keeps references: both must outlive this client. The clock dates cache entries.
    GleifClient(const UpstreamClient &upstream, const Settings &settings, const Clock &clock);

    using Callback = std::function<void(Result<GleifAnswer>)>;
    // GET /lei-records/{lei}. `lei` must already be a valid LEI (LeiCode): an unknown one is found=false.
    // Does not block; `done` runs once on the calling thread.
    void lookup(const QString &lei, Callback done) const;
    // GET /lei-records?filter[fulltext]=name (and filter[entity.legalAddress.country] when country is
    // given), first page of at most SearchPageSize records. One round trip: fuzzycompletions would name
    // LEIs without their status or country and need a second call.
    void search(const QString &name, const QString &country, Callback done) const;

    static constexpr int SearchPageSize = 20;

    // Body of GET /lei-records/{lei}: a 200 with a `data` resource, or a 404 with a JSON:API `errors` array
    // (found=false). Anything else is a 503.
    static Result<GleifAnswer> parseLookupResponse(const UpstreamResponse &response);
    // Body of GET /lei-records?...: a 200 with a `data` array of resources.
    static Result<GleifAnswer> parseSearchResponse(const UpstreamResponse &response);
    // One "lei-records" resource; an error names the first missing or mistyped member.
    static Result<GleifRecord> parseRecord(const QJsonObject &resource);

private:
    struct Cache
    {
        QMutex mutex;
        QHash<QString, QPair<QDateTime, GleifAnswer>> answers; // request path -> (kept at, answer)
    };
    void fetch(const QString &path, bool lookup, Callback done) const;

    const UpstreamClient &m_upstream;
    const Clock &m_clock;
    qint64 m_cacheSeconds = 0;
    std::shared_ptr<Cache> m_cache; // shared with the callbacks, which may outlive a call
};

} // namespace ades::eu
