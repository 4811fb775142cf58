enum LEDsPlaceholder {}
