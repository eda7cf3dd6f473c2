#pragma once

#include "CompanyRegister.h"

namespace ades::eu {

// Poland: the National Court Register (KRS) of the Ministry of Justice, keyless JSON (source "krs"):
// GET /OdpisAktualny/{krs}?rejestr=P&format=json (entrepreneurs), then rejestr=S (associations,
// foundations) when P has no such number. The API looks up by KRS number only: it has no search by name.
class KrsRegister : public CompanyRegister
{
public:
    static UpstreamSource sourceDefaults();

    explicit KrsRegister(const UpstreamClient &upstream);

    void lookup(const QString &number, Callback done) const override;
    // Always the 422 of an unsupported name search: the official API offers none.
    void search(const QString &name, int limit, Callback done) const override;

    // Reader of a current extract (odpis aktualny): pure, any body and status. 404 and 204 (some clients
    // see that instead) mean "not in this register" (rejestr `registerLetter`, P or S).
    static Result<RegisterAnswer> readExtract(
        const UpstreamResponse &response, const QString &baseUrl, const QString &registerLetter);

private:
    void lookupIn(
        const QString &number, const QStringList &registers, QJsonArray snapshots, Callback done) const;
};

} // namespace ades::eu
