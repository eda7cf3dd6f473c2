#pragma once

#include <QString>

namespace ades::us {

// The MFN column-1 ("general") rate of an HTS line as USITC writes it, classified: only "Free" and a simple
// ad-valorem percentage ("16.5%") are computed; specific ("1.5¢/kg") and compound ("2.8¢/kg + 5%") rates and
// anything else are kept as text and marked not computed (../shared/reference/upstreams.md, USITC). Pure.
struct HtsRate
{
    enum class Kind
    {
        Absent, // the line carries no rate
        Free,
        AdValorem,
        NotComputed, // specific, compound or any other text
    };

    Kind kind = Kind::Absent;
    QString text; // as USITC wrote it, trimmed
    QString percent; // AdValorem: the decimal percentage as written ("16.5"); Free: "0"

    static HtsRate parse(const QString &general);
    static QString kindName(Kind kind); // "absent", "free", "ad_valorem", "not_computed"
    bool computable() const { return kind == Kind::Free || kind == Kind::AdValorem; }
};

} // namespace ades::us
