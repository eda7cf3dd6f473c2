#pragma once

#include <QList>
#include <QString>

namespace ades::disclosure {

struct Assessment;
struct DisclosureFacts;

// One human-readable notice in German and English, for the persons exposed to the content or the system.
struct Notice
{
    QString paragraph; // the Article 50 paragraph it serves, or "voluntary"
    bool required = false; // false: recommended, no paragraph of Article 50 binds for these facts
    QString de;
    QString en;
};

// The disclosure texts a record proposes (our wording; Article 50 prescribes none). The content notice comes
// first: the deep-fake or public-interest-text disclosure where paragraph 4 binds (only the existence of such
// content for an evidently artistic work), otherwise a voluntary origin notice. Then the interaction notice
// of paragraph 1 and the notice of paragraph 3 where they bind. Declared names appear as given.
class DisclosureNotice
{
public:
    static QList<Notice> compose(const DisclosureFacts &facts, const Assessment &assessment);
};

} // namespace ades::disclosure
