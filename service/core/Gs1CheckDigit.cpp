#include "Gs1CheckDigit.h"

namespace ades {

bool gs1CheckDigitValid(QStringView digits)
{
    if (digits.size() < 2)
        return false;
    for (QChar c : digits) {
        if (c < u'0' || c > u'9')
            return false;
    }
    const qsizetype body = digits.size() - 1;
    int sum = 0;
    for (qsizetype i = 0; i < body; ++i) {
        // i counts from the rightmost body digit, which weighs 3.
        sum += (digits[body - 1 - i].unicode() - u'0') * (i % 2 == 0 ? 3 : 1);
    }
    return (10 - sum % 10) % 10 == digits[body].unicode() - u'0';
}

} // namespace ades
