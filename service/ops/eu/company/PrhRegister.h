#pragma once

#include "CompanyRegister.h"

namespace ades::eu {

// Finland: the open data API (v3) of the Finnish Patent and Registration Office's business information
// system YTJ, keyless JSON (source "prh"): GET /companies?businessId=, GET /companies?name=.
class PrhRegister : public CompanyRegister
{
public:
    static UpstreamSource sourceDefaults();

    explicit PrhRegister(const UpstreamClient &upstream);

    void lookup(const QString &number, Callback done) const override;
    void search(const QString &name, int limit, Callback done) const override;

    // Reader of the register's answers (both calls share one shape): pure, any body and status.
    // `argument` is the one a refusal names ("number" or "name").
    static Result<RegisterAnswer> readCompanies(
        const UpstreamResponse &response, const QString &baseUrl, int limit, const QString &argument);
};

} // namespace ades::eu
