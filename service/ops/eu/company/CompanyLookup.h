#pragma once

#include "catalog/Operation.h"
#include "upstream/UpstreamClient.h"

#include <QList>
#include <memory>
#include <optional>
#include <vector>

namespace ades {
class Clock;
}

namespace ades::eu {

class CompanyRegister;
class SireneRegister;
struct RegisterAnswer;

// Handler of eu.company.lookup: one official register per covered country, asked by registration number
// (check digits first: an impossible number never reaches the register) or by name. A country without a
// covered register is an uncharged 422 that lists the covered ones, never an empty "not found".
class CompanyLookup
{
public:
    // The upstream sources of every register, with their official defaults, for UpstreamClient::addSource.
    static QList<UpstreamSource> sourceDefaults();
    static QStringList sourceIds();

    // Keeps references: both must outlive the handler (they live as long as the service).
    CompanyLookup(const UpstreamClient &upstream, const Clock &clock);
    ~CompanyLookup();

    // The input rules the schema cannot express, for Operation::check (before any payment): a covered
    // country, the number's format and check digits, a number or a name, a register that can search names.
    std::optional<ServiceError> check(const QJsonObject &arguments) const;
    // Arguments: country (required), number, name, limit (default 10). `done` runs once on the calling
    // thread, synchronously for refused input.
    void run(const QJsonObject &arguments, const Completion &done) const;

private:
    const CompanyRegister *registerFor(const QString &country) const;
    ServiceError notCovered(const QString &country) const;
    OperationResult result(const CompanyRegister &source, const QString &lookup, const QString &query,
        bool nameIgnored, const RegisterAnswer &answer) const;

    std::vector<std::unique_ptr<CompanyRegister>> m_registers; // one per covered country
    std::unique_ptr<SireneRegister> m_sirene; // FR number lookups when the operator configured a key
    const Clock &m_clock;
};

ades::Handler makeCompanyLookupHandler(std::shared_ptr<const CompanyLookup> lookup);
std::function<std::optional<ServiceError>(const QJsonObject &)> makeCompanyLookupCheck(
    std::shared_ptr<const CompanyLookup> lookup);

} // namespace ades::eu
