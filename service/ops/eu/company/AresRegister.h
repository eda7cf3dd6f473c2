#pragma once

#include "CompanyRegister.h"

namespace ades::eu {

// Czechia: ARES, the Ministry of Finance's register of economic subjects, keyless JSON (source "ares"):
// GET /ekonomicke-subjekty/{ico}, POST /ekonomicke-subjekty/vyhledat {"obchodniJmeno", "start", "pocet"}.
class AresRegister : public CompanyRegister
{
public:
    static UpstreamSource sourceDefaults();

    explicit AresRegister(const UpstreamClient &upstream);

    void lookup(const QString &number, Callback done) const override;
    void search(const QString &name, int limit, Callback done) const override;

    // Readers of the register's answers: pure, any body and status.
    static Result<RegisterAnswer> readSubject(const UpstreamResponse &response, const QString &baseUrl);
    static Result<RegisterAnswer> readSearch(
        const UpstreamResponse &response, const QString &baseUrl, int limit);
};

} // namespace ades::eu
