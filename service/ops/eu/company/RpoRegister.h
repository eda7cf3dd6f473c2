#pragma once

#include "CompanyRegister.h"

namespace ades::eu {

// Slovakia: RPO, the register of legal persons of the Statistical Office of the Slovak Republic, keyless
// JSON (source "rpo"): GET /search?identifier= or ?fullName=, then GET /entity/{id} for one entity's
// details (the legal form is only there).
class RpoRegister : public CompanyRegister
{
public:
    static UpstreamSource sourceDefaults();

    explicit RpoRegister(const UpstreamClient &upstream);

    // Two calls: the search by identifier, then the first match's details.
    void lookup(const QString &number, Callback done) const override;
    // One call: search hits carry no legal form (only the details do), so theirs is null.
    void search(const QString &name, int limit, Callback done) const override;

    // Readers of the register's answers: pure, any body and status. `identifier` keeps only the results
    // that carry that IČO (the search also answers near matches); empty keeps all.
    static Result<RegisterAnswer> readSearch(
        const UpstreamResponse &response, const QString &baseUrl, int limit, const QString &identifier);
    static Result<RegisterAnswer> readEntity(const UpstreamResponse &response, const QString &baseUrl);
    // The internal entity id of a search result's record, taken from its source URL ("/entity/1003617").
    static QString entityId(const CompanyRecord &record);
};

} // namespace ades::eu
