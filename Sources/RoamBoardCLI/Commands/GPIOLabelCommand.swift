import RoamHardware

/// `roam-board gpio-label --chip /dev/gpiochipN`: prints the chip's label as the kernel reports it
/// (GPIO_GET_CHIPINFO_IOCTL; the chardev has no label in sysfs). The boards' udev rule runs it on
/// every gpiochip and links the one whose label is the header's (pinctrl-rp1, pinctrl-bcm2711,
/// pinctrl-bcm2835) to /dev/roam-gpiochip, so the header is found whatever number it got.
enum GPIOLabelCommand {
    static let chip = RequiredOption<String>("--chip", "PATH", help: "The GPIO chip's device node (/dev/gpiochipN).")
    static let spec = CommandSpec(name: "gpio-label", abstract: "Print a GPIO chip's label (the udev rule's PROGRAM).",
                                  options: [chip], discussion: "Exit 74 when the chip cannot be opened or is not a GPIO chip.",
                                  isHidden: true)

    static func run(_ p: ParsedArguments) throws {
        print(try GPIOChipInfo.read(try p.value(chip), namedBy: chip.spec.name).label)
    }
}
