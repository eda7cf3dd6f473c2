// Fuzz target: an answer of any of the six company registers as their readers see it. Input: the raw body,
// given to every reader (lookups and searches of Brønnøysund, ARES, PRH, RPO, KRS, Recherche d'entreprises
// and INSEE Sirene) with each HTTP status a reader treats differently.

#include "ops/eu/company/AresRegister.h"
#include "ops/eu/company/BrregRegister.h"
#include "ops/eu/company/KrsRegister.h"
#include "ops/eu/company/PrhRegister.h"
#include "ops/eu/company/RechercheEntreprisesRegister.h"
#include "ops/eu/company/RpoRegister.h"
#include "ops/eu/company/SireneRegister.h"

#include <cstdint>

using namespace ades;
using namespace ades::eu;

namespace {

constexpr int Limit = 3;

// A reader answers with at most `limit` records, each of which serialises, or with a 422 or a 503: never
// anything else (a 500 would mean an unforeseen answer was taken for the service's own fault).
void check(const Result<RegisterAnswer> &answer, int limit = Limit)
{
    if (!answer.ok()) {
        const int status = answer.error().httpStatus();
        if (status != 422 && status != 503)
            __builtin_trap();
        return;
    }
    if (answer.value().matches.size() > limit)
        __builtin_trap();
    for (const CompanyRecord &record : answer.value().matches) {
        if (record.toJson().value(QStringLiteral("status")).toString().isEmpty())
            __builtin_trap();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString base = QStringLiteral("https://register.invalid/api");
    UpstreamResponse response;
    response.body = QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
    for (int status : { 200, 204, 400, 401, 404, 410 }) {
        response.httpStatus = status;
        check(BrregRegister::readUnit(response, base, QStringLiteral("923609016")), 1);
        check(BrregRegister::readSearch(response, base, Limit));
        check(AresRegister::readSubject(response, base), 1);
        check(AresRegister::readSearch(response, base, Limit));
        check(PrhRegister::readCompanies(response, base, Limit, QStringLiteral("name")));
        check(RpoRegister::readSearch(response, base, Limit, QString()));
        check(RpoRegister::readSearch(response, base, Limit, QStringLiteral("31322832")));
        check(RpoRegister::readEntity(response, base), 1);
        check(KrsRegister::readExtract(response, base, QStringLiteral("P")), 1);
        check(RechercheEntreprisesRegister::readSearch(response, base, Limit, QString()));
        check(RechercheEntreprisesRegister::readSearch(response, base, 1, QStringLiteral("552032534")), 1);
        QString nic;
        const Result<RegisterAnswer> unit = SireneRegister::readUnit(response, base, &nic);
        check(unit, 1);
        CompanyRecord record;
        const Result<bool> office = SireneRegister::readHeadOffice(response, record);
        if (!office.ok() && office.error().httpStatus() != 503)
            __builtin_trap();
    }
    return 0;
}
