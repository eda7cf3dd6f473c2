#include "SanctionsEntry.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

QString SanctionsEntry::displayName() const
{
    for (const NameVariant &variant : names)
        if (variant.kind == NameVariant::Kind::Primary)
            return variant.name;
    return names.isEmpty() ? QString() : names.first().name;
}

QString SanctionsEntry::listCode(List list)
{
    switch (list) {
    case List::Eu:
        return u"eu"_s;
    case List::Un:
        return u"un"_s;
    case List::Uk:
        return u"uk"_s;
    }
    return {};
}

QString SanctionsEntry::subjectTypeCode(SubjectType type)
{
    switch (type) {
    case SubjectType::Person:
        return u"person"_s;
    case SubjectType::Entity:
        return u"entity"_s;
    case SubjectType::Ship:
        return u"ship"_s;
    }
    return {};
}

} // namespace ades::eu
