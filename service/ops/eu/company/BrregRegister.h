#pragma once

#include "CompanyRegister.h"

namespace ades::eu {

// Norway: the Central Coordinating Register for Legal Entities (Enhetsregisteret) of the Brønnøysund
// Register Centre, keyless JSON (source "brreg"): GET /enheter/{orgnr}, GET /enheter?navn=&size=.
class BrregRegister : public CompanyRegister
{
public:
    static UpstreamSource sourceDefaults();

    explicit BrregRegister(const UpstreamClient &upstream);

    void lookup(const QString &number, Callback done) const override;
    void search(const QString &name, int limit, Callback done) const override;

    // Readers of the register's answers: pure, any body and status. `baseUrl` names the records' source
    // URLs; `number` is the one asked for (a 410 "removed" answer may carry nothing else).
    static Result<RegisterAnswer> readUnit(
        const UpstreamResponse &response, const QString &baseUrl, const QString &number);
    static Result<RegisterAnswer> readSearch(
        const UpstreamResponse &response, const QString &baseUrl, int limit);
};

} // namespace ades::eu
