#pragma once

#include "CompanyRegister.h"

namespace ades::eu {

// France, with the operator's key: INSEE's Sirene API 3.11 (source "insee-sirene", key setting
// upstream/insee-sirene/api_key, sent as X-INSEE-Api-Key-Integration): GET /siren/{siren} for the legal
// unit, then GET /siret/{siren}{nic} of its head office for the address. Looks up by SIREN only; names are
// searched through Recherche d'entreprises.
class SireneRegister : public CompanyRegister
{
public:
    static UpstreamSource sourceDefaults();
    static QByteArray keyHeader();

    explicit SireneRegister(const UpstreamClient &upstream);

    // True when the operator configured a key: only then is this register asked.
    bool isConfigured() const;

    void lookup(const QString &number, Callback done) const override;
    // Not offered: the handler sends French name searches to Recherche d'entreprises.
    void search(const QString &name, int limit, Callback done) const override;

    // Readers of the API's answers: pure, any body and status. readUnit's record has no address yet; the
    // head office's NIC (for the second call) is returned through `headOfficeNic` when given.
    static Result<RegisterAnswer> readUnit(
        const UpstreamResponse &response, const QString &baseUrl, QString *headOfficeNic = nullptr);
    // The head office's address into `record` (unchanged when the register has no such establishment).
    static Result<bool> readHeadOffice(const UpstreamResponse &response, CompanyRecord &record);

private:
    UpstreamRequest request(const QString &path) const;
};

} // namespace ades::eu
