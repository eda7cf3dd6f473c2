#pragma once

#include "CompanyRecord.h"
#include "core/Result.h"
#include "upstream/UpstreamClient.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <functional>
#include <optional>

namespace ades::eu {

// What one register answered to one query: the matching records (at most the query's limit) and how many
// the register counted.
struct RegisterAnswer
{
    QList<CompanyRecord> matches;
    qint64 totalMatches = 0;
    QJsonArray snapshots; // UpstreamResponse::snapshot of every call made for the answer
};

// One official company register behind UpstreamClient. A subclass knows its register's requests and the
// shapes of its answers; this class holds what every register shares. An unreachable source, a timeout, a
// rate limit (429), a failing server (5xx) and an answer that cannot be read are uncharged 503s naming the
// source, never "not found" (docs/interface.md §1 rule 2); "not found" is only what the register says.
class CompanyRegister
{
public:
    struct Description
    {
        QString country; // "NO"
        QString code; // "brreg": the `register` member of results
        QString name; // the register's name, as it calls itself in English
        QString terms; // the licence or attribution the register asks re-users for
        bool searchesByName = true;
    };

    using Callback = std::function<void(Result<RegisterAnswer>)>;

    // Keeps a reference: `upstream` must outlive the register. `source` is the upstream source's defaults
    // (the wiring code registers them with UpstreamClient).
    CompanyRegister(const UpstreamClient &upstream, UpstreamSource source, Description description);
    virtual ~CompanyRegister();
    Q_DISABLE_COPY_MOVE(CompanyRegister)

    const Description &description() const { return m_description; }
    QString sourceId() const { return m_source.id; }
    QString sourceName() const { return m_source.name; }

    // Looks up one registration number, already in its official form (RegistrationNumber::normalize). No
    // match is an answer without matches. Does not block; `done` runs once on the calling thread.
    virtual void lookup(const QString &number, Callback done) const = 0;
    // Searches by name, at most `limit` matches. Only where description().searchesByName.
    virtual void search(const QString &name, int limit, Callback done) const = 0;

    // The 422 of a name search on a register whose official API has none (description().searchesByName).
    ServiceError nameSearchUnsupported() const;

    // The 503s of a register source, shared by the readers of every register.
    static ServiceError badResponse(const UpstreamSource &source, int httpStatus, const QString &detail);
    static ServiceError unavailable(const UpstreamSource &source, const QString &code, const QString &detail);
    // The register refused the query itself (HTTP 400): a 422 naming the argument (`number` or `name`).
    static ServiceError refused(const UpstreamSource &source, const QString &argument, const QString &detail);

    // Helpers for the readers of register answers.
    static std::optional<QJsonObject> jsonObject(const QByteArray &body);
    // A member as text: strings trimmed, integers written out, anything else empty.
    static QString text(const QJsonValue &value);
    // "19.07.2001" -> "2001-07-19"; an ISO date (with or without time) -> its date; anything else empty.
    static QString isoDate(const QString &text);
    static QString percentEncoded(const QString &text);

protected:
    using Reader = std::function<void(const UpstreamResponse &)>;
    // Sends `request` (its source is filled in). A transport failure, timeout, 429 or 5xx ends the call
    // through `done` with a 503; every other answer goes to `read`, on the calling thread.
    void fetch(UpstreamRequest request, const Callback &done, Reader read) const;
    // The configured base URL without a trailing slash: records name their source URL from it.
    QString baseUrl() const;
    // The configured API key of this register's source; empty when none.
    QString apiKey() const;
    const UpstreamSource &source() const { return m_source; }

private:
    const UpstreamClient &m_upstream;
    UpstreamSource m_source;
    Description m_description;
};

} // namespace ades::eu
