#pragma once

#include "CompanyRegister.h"

namespace ades::eu {

// France, keyless: the government's company search API "Recherche d'entreprises" over SIRENE (INSEE) and the
// national company register RNE (source "recherche-entreprises"): GET /search?q=&page=1&per_page= with a
// name, a SIREN or a SIRET as q.
class RechercheEntreprisesRegister : public CompanyRegister
{
public:
    static UpstreamSource sourceDefaults();
    // The API pages by at most 25.
    static constexpr int MaxPerPage = 25;

    explicit RechercheEntreprisesRegister(const UpstreamClient &upstream);

    void lookup(const QString &number, Callback done) const override;
    void search(const QString &name, int limit, Callback done) const override;

    // Reader of a search page: pure, any body and status. `siren` keeps only that unit (a search for a
    // number may also rank near matches); empty keeps every result.
    static Result<RegisterAnswer> readSearch(
        const UpstreamResponse &response, const QString &baseUrl, int limit, const QString &siren);
    // The label of an INSEE legal category code (catégorie juridique, level III) for the common ones;
    // empty for the others.
    static QString legalFormLabel(const QString &code);
};

} // namespace ades::eu
