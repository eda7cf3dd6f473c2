#include "ReceiptVerdict.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades {

QJsonObject ReceiptVerdict::toJson() const
{
    return QJsonObject {
        { u"valid"_s, valid },
        { u"usable"_s, usable },
        { u"standard"_s, standard },
        { u"issuer"_s, issuer },
        { u"expired"_s, expired },
        { u"issued_by_this_service"_s, issuedByThisService },
        { u"problems"_s, QJsonArray::fromStringList(problems) },
        { u"receipt"_s, receipt },
    };
}

} // namespace ades
